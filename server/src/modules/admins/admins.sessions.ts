import { and, eq, sql } from 'drizzle-orm'
import { preparedPerDb } from '../../db/prepared.ts'
import type { Executor } from '../../db/types.ts'
import { sessions, type LiveSession } from '../sessions/index.ts'
import { admins } from './admins.table.ts'

const byToken = and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), eq(sessions.kind, sql.placeholder('kind')))

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

/** An operator's live session by token hash, with the operator (the sessions plugin's lookup for `asid`). */
export async function findAdminSession({ db, tokenHash }: { db: Executor; tokenHash: string }): Promise<LiveSession | undefined> {
  const [row] = await adminSessionByToken(db).execute({ tokenHash, kind: 'admin' })
  if (!row) return undefined
  const admin =
    row.adminId !== null
      ? { id: row.adminId, account: row.adminAccount!, name: row.adminName!, role: row.adminRole!, enabled: row.adminEnabled! }
      : null
  return { ...row.session, partnerStatus: null, admin }
}
