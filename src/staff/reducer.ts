import type { ApiData } from '@activity/api-types'

/**
 * The 教职工 session on this device: the operator signed in (the `asid` cookie), beside and apart
 * from the person's (student, partner). It changes only through these events (events.ts), each a
 * past-tense fact; `known` says whether this run of the app has asked the server yet.
 */
export type StaffMe = ApiData<'/api/bms/system/admin/signInfo', 'get'>

export interface StaffState {
  staff: StaffMe | null
  /** The server has answered who the operator is (or that none is signed in) during this run. */
  staffKnown: boolean
}

export type StaffSignInMethod = 'password' | 'openId' | 'session'

export type StaffEvent =
  | { type: 'staffSignedIn'; staff: StaffMe; via: StaffSignInMethod }
  /** signInfo, or a silent sign-in, found no operator session. */
  | { type: 'staffAbsent' }
  | { type: 'staffSignedOut' }
  /** A staff call answered 100000004: the operator session ended on the server. */
  | { type: 'staffSessionExpired' }

export const STAFF_SIGNED_OUT: StaffState = { staff: null, staffKnown: false }

export function staffReducer(state: StaffState, event: StaffEvent): StaffState {
  switch (event.type) {
    case 'staffSignedIn':
      return { staff: event.staff, staffKnown: true }
    case 'staffAbsent':
    case 'staffSignedOut':
    case 'staffSessionExpired':
      return { staff: null, staffKnown: true }
    default:
      return state
  }
}

/** Whether the operator's position grants `right` (packages/domain rights.ts: `clues.work` …). */
export function staffHolds(staff: Pick<StaffMe, 'rights'> | null | undefined, right: string): boolean {
  return Boolean(staff?.rights.includes(right))
}
