import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../db/columns.ts'

/** The local SMS provider's outbox (development and tests): what would have been sent. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    code: text('code'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_phone_created_idx').on(t.phone, t.createdAt)],
)
