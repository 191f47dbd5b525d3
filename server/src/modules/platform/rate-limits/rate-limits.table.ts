import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Calls counted per route and IP for @fastify/rate-limit (rate-limits.store.ts), shared by every
 * process on the database. A row is one window: `hits` since the window opened, until `resets_at`.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
})
