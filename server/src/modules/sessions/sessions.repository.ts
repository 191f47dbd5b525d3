import { and, eq, getTableName, lt, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { preparedPerDb } from '../../db/prepared.ts'
import type { Executor } from '../../db/types.ts'
import { admins } from '../admins/admins.table.ts'
import { partners } from '../partners/partners.table.ts'
import { sessionChanged } from './session-cache.ts'
import { type PendingOpenId, sessions } from './sessions.table.ts'

export type SessionKind = 'user' | 'admin'
export type SessionRow = typeof sessions.$inferSelect

/** A session with what every authenticated call checks about its holder, read in the same query. */
export interface LiveSession extends SessionRow {
  /** The partner's status (user sessions bound to a partner), null otherwise. */
  partnerStatus: string | null
  /** The operator (admin sessions), null otherwise. */
  admin: { id: number; account: string; name: string; role: string; enabled: boolean } | null
}

/** `"table"."column"`: drizzle writes columns unqualified in single-table selects, which a subquery would misread. */
const qualified = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`
const byToken = and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), eq(sessions.kind, sql.placeholder('kind')))

// One round trip per authenticated call: the session with its partner's status (a scalar subquery
// plans faster than a join on PGlite, which plans every query) or with its operator.
const userSessionByToken = preparedPerDb((db) =>
  db
    .select({
      session: sessions,
      partnerStatus: sql<
        string | null
      >`(select ${qualified(partners.status)} from ${partners} where ${qualified(partners.id)} = ${qualified(sessions.partnerId)})`,
    })
    .from(sessions)
    .where(byToken)
    .limit(1)
    .prepare('user_session_by_token'),
)
const adminSessionByToken = preparedPerDb((db) =>
  db
    .select({
      session: sessions,
      adminId: admins.id,
      adminAccount: admins.account,
      adminName: admins.name,
      adminRole: admins.role,
      adminEnabled: admins.enabled,
    })
    .from(sessions)
    .leftJoin(admins, eq(admins.id, sessions.adminId))
    .where(byToken)
    .limit(1)
    .prepare('admin_session_by_token'),
)

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
    async findByTokenHash({ tokenHash, kind }: { tokenHash: string; kind: SessionKind }): Promise<LiveSession | undefined> {
      if (kind === 'user') {
        const [row] = await userSessionByToken(db).execute({ tokenHash, kind })
        return row ? { ...row.session, partnerStatus: row.partnerStatus ?? null, admin: null } : undefined
      }
      const [row] = await adminSessionByToken(db).execute({ tokenHash, kind })
      if (!row) return undefined
      const admin =
        row.adminId !== null
          ? { id: row.adminId, account: row.adminAccount!, name: row.adminName!, role: row.adminRole!, enabled: row.adminEnabled! }
          : null
      return { ...row.session, partnerStatus: null, admin }
    },
    async update({
      id,
      values,
    }: {
      id: number
      values: Partial<Pick<SessionRow, 'partnerId' | 'pendingOpenId' | 'expiresAt' | 'lastSeenAt'>>
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
