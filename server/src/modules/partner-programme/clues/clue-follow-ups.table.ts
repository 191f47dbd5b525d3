import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts } from '../../../db/columns.ts'
import { clues } from './clues.table.ts'

/** A follow-up of a clue by an operator: how (电话/微信/面谈), what was said, when to call again. */
export const clueFollowUps = pgTable(
  'clue_follow_ups',
  {
    id: id(),
    clueId: integer('clue_id')
      .notNull()
      .references(() => clues.id),
    adminId: integer('admin_id').notNull(),
    /** Snapshot of the operator's name. */
    adminName: text('admin_name').notNull(),
    /** FollowUpMethod label. */
    method: text('method').notNull(),
    note: text('note').notNull(),
    nextContactAt: ts('next_contact_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('clue_follow_ups_clue_created_idx').on(t.clueId, t.createdAt, t.id),
    // 招生目标: a teacher's follow-ups in a month.
    index('clue_follow_ups_admin_created_idx').on(t.adminId, t.createdAt, t.clueId),
  ],
)
