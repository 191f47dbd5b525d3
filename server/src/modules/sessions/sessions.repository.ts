import { and, eq, lt } from 'drizzle-orm'
import type { Executor } from '../../db/types.ts'
import { type PendingOpenId, sessions } from './sessions.table.ts'

export type SessionKind = 'user' | 'admin'
export type SessionRow = typeof sessions.$inferSelect

export function createSessionsRepository({ db }: { db: Executor }) {
  return {
    async insert(values: {
      tokenHash: string
      kind: SessionKind
      partnerId?: number | null
      adminId?: number | null
      pendingOpenId?: PendingOpenId | null
      expiresAt: Date
    }): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(values).returning()
      return row!
    },
    async findByTokenHash({ tokenHash, kind }: { tokenHash: string; kind: SessionKind }): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.kind, kind)))
        .limit(1)
      return row
    },
    async update({
      id,
      values,
    }: {
      id: number
      values: Partial<Pick<SessionRow, 'partnerId' | 'pendingOpenId' | 'expiresAt' | 'lastSeenAt'>>
    }) {
      await db.update(sessions).set(values).where(eq(sessions.id, id))
    },
    async deleteById({ id }: { id: number }) {
      await db.delete(sessions).where(eq(sessions.id, id))
    },
    async deleteByPartner({ partnerId }: { partnerId: number }) {
      await db.delete(sessions).where(eq(sessions.partnerId, partnerId))
    },
    async deleteByAdmin({ adminId }: { adminId: number }) {
      await db.delete(sessions).where(eq(sessions.adminId, adminId))
    },
    async deleteExpired({ now }: { now: Date }) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now))
    },
  }
}
