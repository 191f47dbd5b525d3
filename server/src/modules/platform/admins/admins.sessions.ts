import { and, eq, sql } from 'drizzle-orm'
import { preparedPerDb } from '../../../db/prepared.ts'
import type { Executor } from '../../../db/types.ts'
import { columnsOf } from '../../../db/views.ts'
import { sessionsView, type LiveSession } from '../sessions/index.ts'
import { rightsOfPosition } from '@activity/domain'
import { admins, positions } from './admins.table.ts'

const byToken = and(eq(sessionsView.tokenHash, sql.placeholder('tokenHash')), eq(sessionsView.kind, sql.placeholder('kind')))

const adminSessionByToken = preparedPerDb((db) =>
  db
    .select({
      session: columnsOf(sessionsView),
      adminId: admins.id,
      adminAccount: admins.account,
      adminName: admins.name,
      adminEnabled: admins.enabled,
      positionId: positions.id,
      positionName: positions.name,
      positionRights: positions.rights,
      positionBuiltin: positions.builtin,
    })
    .from(sessionsView)
    .leftJoin(admins, eq(admins.id, sessionsView.adminId))
    .leftJoin(positions, eq(positions.id, admins.positionId))
    .where(byToken)
    .limit(1)
    .prepare('admin_session_by_token'),
)

/** An operator's live session by token hash, with the operator (the sessions plugin's lookup for `asid`). */
export async function findAdminSession({ db, tokenHash }: { db: Executor; tokenHash: string }): Promise<LiveSession | undefined> {
  const [row] = await adminSessionByToken(db).execute({ tokenHash, kind: 'admin' })
  if (!row) return undefined
  const admin =
    row.adminId !== null && row.positionId !== null
      ? {
          id: row.adminId,
          account: row.adminAccount!,
          name: row.adminName!,
          positionId: row.positionId,
          positionName: row.positionName!,
          rights: rightsOfPosition({ name: row.positionName!, builtin: row.positionBuiltin!, rights: row.positionRights! }),
          enabled: row.adminEnabled!,
        }
      : null
  return { ...row.session, partnerStatus: null, admin }
}
