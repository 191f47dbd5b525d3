import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts } from '../../../db/columns.ts'

/** Verification codes, stored as an HMAC (never the code itself). */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    type: text('type').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_phone_created_idx').on(t.phone, t.createdAt)],
)
