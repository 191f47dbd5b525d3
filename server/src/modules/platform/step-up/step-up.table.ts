import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts } from '../../../db/columns.ts'

/**
 * Step-ups (二次验证): an operator confirmed who they are again, for one session, for a few minutes.
 * Evidence beside the audit log (audit_logs.step_up_id), so no foreign keys: signing out deletes the
 * session and deleting an operator deletes them, while the step-up stays as it was.
 */
export const stepUps = pgTable(
  'step_ups',
  {
    id: id(),
    adminId: integer('admin_id').notNull(),
    /** sessions.id of the operator's session it was confirmed in; valid for that session only. */
    sessionId: integer('session_id').notNull(),
    /** StepUpMethod: password | sms | totp. */
    method: text('method').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('step_ups_session_expires_idx').on(t.sessionId, t.expiresAt)],
)
