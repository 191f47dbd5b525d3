import { boolean, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns.ts'

export const admins = pgTable('admins', {
  id: id(),
  account: text('account').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** AdminRole label: 管理员 / 财务 / 招生老师. */
  role: text('role').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Where a step-up (二次验证) SMS code goes; none: no SMS step-up. */
  phone: text('phone'),
  /** The bound authenticator's TOTP secret (base32); once bound it replaces the SMS code. */
  totpSecret: text('totp_secret'),
  /** A secret set up but not yet confirmed with a code (binding in progress). */
  totpPendingSecret: text('totp_pending_secret'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
