import { eq, lt } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { sessionChanged } from './session-cache.ts'
import { type PendingOpenId, sessions } from './sessions.table.ts'
import type { SessionKind, SessionRow } from './sessions.types.ts'
import { insertRow } from '../../../db/rows.ts'

export type { LiveSession, SessionKind, SessionRow } from './sessions.types.ts'

export function createSessionsRepository({ db }: { db: Executor }) {
  return {
    async insert(values: {
      tokenHash: string
      kind: SessionKind
      accountId?: number | null
      partnerId?: number | null
      adminId?: number | null
      pendingOpenId?: PendingOpenId | null
      expiresAt: Date
    }): Promise<SessionRow> {
      return insertRow(db, sessions, values)
    },
    async update({
      id,
      values,
    }: {
      id: number
      values: Partial<Pick<SessionRow, 'accountId' | 'partnerId' | 'pendingOpenId' | 'expiresAt' | 'lastSeenAt'>>
    }) {
      await db.update(sessions).set(values).where(eq(sessions.id, id))
      sessionChanged({ sessionId: id })
    },
    async deleteById({ id }: { id: number }) {
      await db.delete(sessions).where(eq(sessions.id, id))
      sessionChanged({ sessionId: id })
    },
    async deleteByPartner({ partnerId }: { partnerId: number }) {
      await db.delete(sessions).where(eq(sessions.partnerId, partnerId))
      sessionChanged({ partnerId })
    },
    async deleteByAdmin({ adminId }: { adminId: number }) {
      await db.delete(sessions).where(eq(sessions.adminId, adminId))
      sessionChanged({ adminId })
    },
    async deleteExpired({ now }: { now: Date }) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now))
    },
  }
}
