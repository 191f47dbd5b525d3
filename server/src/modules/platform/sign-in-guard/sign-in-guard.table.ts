import { boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts } from '../../../db/columns.ts'

/**
 * Failed sign-ins per key (e.g. 'partner:13800000000') and source (the client's address, '' for a
 * try that needs a session: a step-up); enough of them lock the key, from that source, for a while.
 * A try is written here (pending) before its password is checked: deleted when it passes, a failure
 * (no longer pending) when it does not.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: id(),
    key: text('key').notNull(),
    source: text('source').notNull().default(''),
    pending: boolean('pending').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_failures_key_created_idx').on(t.key, t.createdAt)],
)

/**
 * The sources a key signed in from (its owner's usual places): another source's failures never slow
 * these down. Kept for 90 days after the last success from them.
 */
export const signInKnownSources = pgTable(
  'sign_in_known_sources',
  { key: text('key').notNull(), source: text('source').notNull(), lastSuccessAt: ts('last_success_at').notNull().defaultNow() },
  (t) => [primaryKey({ columns: [t.key, t.source] })],
)
