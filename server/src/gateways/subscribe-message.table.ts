import { jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../db/columns.ts'

/** The local subscribe-message gateway's outbox (development and tests), like sms_outbox. */
export const subscribeOutbox = pgTable('subscribe_outbox', {
  id: id(),
  openId: text('open_id').notNull(),
  templateId: text('template_id').notNull(),
  page: text('page').notNull(),
  data: jsonb('data').notNull(),
  createdAt: createdAt(),
})
