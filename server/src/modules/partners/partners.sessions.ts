import { and, eq, getTableName, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { preparedPerDb } from '../../db/prepared.ts'
import type { Executor } from '../../db/types.ts'
import { sessions, type LiveSession } from '../sessions/index.ts'
import { partners } from './partners.table.ts'

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

/** A partner's live session by token hash, with the partner's status (the sessions plugin's lookup for `sid`). */
export async function findUserSession({ db, tokenHash }: { db: Executor; tokenHash: string }): Promise<LiveSession | undefined> {
  const [row] = await userSessionByToken(db).execute({ tokenHash, kind: 'user' })
  return row ? { ...row.session, partnerStatus: row.partnerStatus ?? null, admin: null } : undefined
}
