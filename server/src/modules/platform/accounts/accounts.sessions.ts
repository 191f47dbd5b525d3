import { and, eq, sql } from 'drizzle-orm'
import { preparedPerDb } from '../../../db/prepared.ts'
import type { Executor } from '../../../db/types.ts'
import { columnsOf } from '../../../db/views.ts'
import { sessionsView, type LiveSession } from '../sessions/index.ts'

const byToken = and(eq(sessionsView.tokenHash, sql.placeholder('tokenHash')), eq(sessionsView.kind, sql.placeholder('kind')))

// One round trip per authenticated call: the session with the profiles its person holds now and
// the partner's status. A session names its account (or, started with a partner alone, the
// partner, whose account it is); the profiles are read from the account, so a student profile the
// office adds to a signed-in partner counts at once. Scalar subqueries plan faster than joins on
// PGlite, which plans every query.
const userSessionByToken = preparedPerDb((db) =>
  db
    .select({
      session: columnsOf(sessionsView),
      accountId: sql<
        number | null
      >`coalesce("sessions"."account_id", (select p."account_id" from "partners" p where p."id" = "sessions"."partner_id"))`,
      partnerId: sql<
        number | null
      >`coalesce((select p."id" from "partners" p where p."account_id" = "sessions"."account_id"), "sessions"."partner_id")`,
      partnerStatus: sql<
        string | null
      >`coalesce((select p."status" from "partners" p where p."account_id" = "sessions"."account_id"), (select p."status" from "partners" p where p."id" = "sessions"."partner_id"))`,
      studentId: sql<
        number | null
      >`(select st."id" from "students" st where st."account_id" = coalesce("sessions"."account_id", (select p."account_id" from "partners" p where p."id" = "sessions"."partner_id")))`,
    })
    .from(sessionsView)
    .where(byToken)
    .limit(1)
    .prepare('user_session_by_token'),
)

/** A person's live session by token hash, with the profiles they hold (the sessions plugin's lookup for `sid`). */
export async function findUserSession({ db, tokenHash }: { db: Executor; tokenHash: string }): Promise<LiveSession | undefined> {
  const [row] = await userSessionByToken(db).execute({ tokenHash, kind: 'user' })
  if (!row) return undefined
  return {
    ...row.session,
    accountId: row.accountId ?? null,
    partnerId: row.partnerId ?? null,
    studentId: row.studentId ?? null,
    partnerStatus: row.partnerStatus ?? null,
    admin: null,
  }
}
