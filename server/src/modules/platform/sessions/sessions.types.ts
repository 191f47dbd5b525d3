import type { Executor } from '../../../db/types.ts'
import type { sessions } from './sessions.table.ts'

export type SessionKind = 'user' | 'admin'
export type SessionRow = typeof sessions.$inferSelect

/** A session with what every authenticated call checks about its holder, read in the same query. */
export interface LiveSession extends Omit<SessionRow, 'accountId'> {
  /**
   * The person (user sessions): the session's account, or its partner's. `partnerId` is then the
   * account's partner profile and `studentId` its student profile, as they are now.
   */
  accountId?: number | null
  /** The student profile of the person (user sessions), null when they hold none. */
  studentId?: number | null
  /** The partner's status (user sessions bound to a partner), null otherwise. */
  partnerStatus: string | null
  /** The operator (admin sessions) with their position and the rights it grants now, null otherwise. */
  admin: {
    id: number
    account: string
    name: string
    positionId: number
    positionName: string
    rights: readonly string[]
    enabled: boolean
  } | null
}

/** Reads the live session of a token hash with its holder (the partners and admins modules answer for theirs). */
export type FindLiveSession = (args: { db: Executor; tokenHash: string; kind: SessionKind }) => Promise<LiveSession | undefined>
