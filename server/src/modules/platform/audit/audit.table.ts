import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../../../db/columns.ts'

/**
 * Append-only: one row per operator write, inserted in the write's own transaction. A trigger
 * (migration 0002) refuses UPDATE, DELETE and TRUNCATE, so a row once written stays as written.
 * The operator's name and role are snapshots: renaming or deleting an operator changes no history.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    adminId: integer('admin_id').notNull(),
    adminName: text('admin_name').notNull(),
    adminRole: text('admin_role').notNull(),
    /** AuditAction key, e.g. `withdrawal.pay`. */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    summary: text('summary').notNull(),
    /** Status and money fields before and after the change (null when nothing of the kind changed). */
    before: jsonb('before'),
    after: jsonb('after'),
    /** The step-up (二次验证, step_ups.id) the action ran under, for the high-risk actions that need one. */
    stepUpId: integer('step_up_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_created_idx').on(t.createdAt, t.id),
    index('audit_admin_created_idx').on(t.adminId, t.createdAt, t.id),
    index('audit_action_created_idx').on(t.action, t.createdAt, t.id),
    index('audit_entity_created_idx').on(t.entityType, t.entityId, t.createdAt, t.id),
  ],
)
