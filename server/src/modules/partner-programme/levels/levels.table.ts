import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../../db/columns.ts'

/** A tier: reached with `minDeals` deals in a cycle, pays `commissionPerDeal` fen per deal. */
export const levels = pgTable('levels', {
  id: id(),
  name: text('name').notNull().unique(),
  minDeals: integer('min_deals').notNull().unique(),
  commissionPerDeal: integer('commission_per_deal').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * The referral bonus (at most one row, id 1; none = 关闭): per deal of a directly referred
 * partner, the referrer earns `amount` fen (固定金额) or `percent` % of that deal's commission
 * (佣金比例, rounded down to the fen); 关闭 by default. Configured beside the tiers.
 */
export const referralBonus = pgTable(
  'referral_bonus',
  {
    id: integer('id').primaryKey().default(1),
    /** ReferralBonusMode label. */
    mode: text('mode').notNull().default('关闭'),
    amount: integer('amount').notNull().default(0),
    percent: integer('percent').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('referral_bonus_single_row', sql`${t.id} = 1`),
    check('referral_bonus_amount_range', sql`${t.amount} >= 0`),
    check('referral_bonus_percent_range', sql`${t.percent} >= 0 AND ${t.percent} <= 100`),
  ],
)
