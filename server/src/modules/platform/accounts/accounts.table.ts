import { pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../../../db/columns.ts'

/**
 * A person: one account per phone, holding a partner profile, a student profile or both
 * (PRODUCT.md, Actors). The profiles keep their own phone column (the partner's calls read it),
 * and the database keeps the link: a trigger (migration 0010) finds or opens the account of a
 * profile's phone whenever a profile is written, whoever writes it.
 */
export const accounts = pgTable('accounts', {
  id: id(),
  phone: text('phone').notNull().unique(),
  createdAt: createdAt(),
})
