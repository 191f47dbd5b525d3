import { sessionCookie } from '../request/cookie'
import { STAFF_COOKIE } from '../request/types'
import { useStore } from '../store'
import { staffReducer, type StaffEvent } from './reducer'

/**
 * The one place staff-session events are handled (as src/session/events.ts is for the person):
 * the reducer computes the state, the store takes it, and a sign-out forgets the mini-program's
 * stored operator cookie, and only that one (the person stays signed in).
 */
export function dispatchStaff(event: StaffEvent): void {
  const { staff, staffKnown } = useStore.getState()
  useStore.setState(staffReducer({ staff, staffKnown }, event))
  if (event.type === 'staffSignedOut') sessionCookie.clear(STAFF_COOKIE)
}

export type { StaffEvent }
