import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { partners } from '../partners/partners.table.ts'

export const clues = pgTable(
  'clues',
  {
    id: id(),
    /** The partner whose link or form it came from; null for a prospect of a 招生老师's own poster (ClueSource.staff). */
    partnerId: integer('partner_id').references(() => partners.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    contactMethod: text('contact_method'),
    intention: text('intention'),
    remark: text('remark'),
    /** ClueSource label. */
    source: text('source').notNull(),
    activityId: text('activity_id'),
    /** ClueStatus label. */
    status: text('status').notNull(),
    programme: text('programme'),
    /** Deal amount, fen. */
    amount: integer('amount'),
    /** Commission credited for the deal, fen, and the tier it was priced at. */
    commission: integer('commission'),
    levelName: text('level_name'),
    invalidReason: text('invalid_reason'),
    followedAt: ts('followed_at'),
    /** The 招生老师 the clue is assigned to; null = in the pool (admins.id, no FK: a deleted operator's clues stay). */
    assigneeId: integer('assignee_id'),
    /** When the current assignee got it (assigned, taken, or taken by acting on a pool clue); null in the pool. */
    assignedAt: ts('assigned_at'),
    /** Created, followed or followed up last at (what "not followed for N hours" reads). */
    lastTouchedAt: ts('last_touched_at').notNull().defaultNow(),
    /** The latest follow-up's next contact time, while the clue is open. */
    nextContactAt: ts('next_contact_at'),
    dealAt: ts('deal_at'),
    /** A deal cancelled (the enrolment refunded): when, why, by whom (admins.id); the clue is then 已退费. */
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason'),
    cancelledBy: integer('cancelled_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clues_partner_created_idx').on(t.partnerId, t.createdAt, t.id),
    index('clues_partner_status_created_idx').on(t.partnerId, t.status, t.createdAt, t.id),
    index('clues_partner_deal_idx').on(t.partnerId, t.dealAt, t.id),
    index('clues_phone_created_idx').on(t.phone, t.createdAt),
    // assignee_id last: a teacher's lists (own + pool) are filtered and counted from the index alone.
    index('clues_created_idx').on(t.createdAt, t.id, t.assigneeId),
    // The console's lists and the dashboard (issue 12).
    index('clues_status_created_idx').on(t.status, t.createdAt, t.id, t.assigneeId),
    index('clues_assignee_created_idx').on(t.assigneeId, t.createdAt, t.id),
    // 招生目标: a teacher's clues assigned in a month.
    index('clues_assignee_assigned_idx').on(t.assigneeId, t.assignedAt),
    index('clues_source_created_idx').on(t.source, t.createdAt, t.id),
    index('clues_activity_created_idx').on(t.activityId, t.createdAt, t.id),
    index('clues_deal_at_idx')
      .on(t.dealAt)
      .where(sql`deal_at IS NOT NULL`),
    // The ranking (排行榜): a cycle's deals counted per partner from the index alone.
    index('clues_deal_ranking_idx')
      .on(t.dealAt, t.partnerId)
      .where(sql`status = '已成交' AND deal_at IS NOT NULL`),
    index('clues_open_touched_idx')
      .on(t.lastTouchedAt, t.assigneeId)
      .where(sql`status IN ('待跟进', '跟进中')`),
    index('clues_next_contact_idx')
      .on(t.nextContactAt, t.assigneeId)
      .where(sql`next_contact_at IS NOT NULL`),
  ],
)
