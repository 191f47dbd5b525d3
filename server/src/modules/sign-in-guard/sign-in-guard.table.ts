import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../../db/columns.ts'

/** Failed sign-ins per key (e.g. 'partner:13800000000'); enough of them lock the key for a while. */
export const signInFailures = pgTable('sign_in_failures', { id: id(), key: text('key').notNull(), createdAt: createdAt() }, (t) => [
  index('sign_in_failures_key_created_idx').on(t.key, t.createdAt),
])
