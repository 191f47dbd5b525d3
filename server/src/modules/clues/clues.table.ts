import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../db/columns.ts'
import { partners } from '../partners/partners.table.ts'

export const clues = pgTable(
  'clues',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
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
    dealAt: ts('deal_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clues_partner_created_idx').on(t.partnerId, t.createdAt, t.id),
    index('clues_partner_status_created_idx').on(t.partnerId, t.status, t.createdAt, t.id),
    index('clues_partner_deal_idx').on(t.partnerId, t.dealAt, t.id),
    index('clues_phone_created_idx').on(t.phone, t.createdAt),
    index('clues_created_idx').on(t.createdAt, t.id),
  ],
)
