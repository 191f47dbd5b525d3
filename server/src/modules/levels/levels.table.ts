import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns.ts'

/** A tier: reached with `minDeals` deals in a cycle, pays `commissionPerDeal` fen per deal. */
export const levels = pgTable('levels', {
  id: id(),
  name: text('name').notNull().unique(),
  minDeals: integer('min_deals').notNull().unique(),
  commissionPerDeal: integer('commission_per_deal').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
