import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts } from '../../../db/columns.ts'
import { accounts } from '../accounts/accounts.table.ts'
import { admins } from '../admins/admins.table.ts'
import { partners } from '../../partner-programme/partners/partners.table.ts'

export interface PendingOpenId {
  platform: string
  type: string
  openId: string
}

/** Sessions live in the database so any number of processes can share them; only the token's hash is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    /** 'user' (partner / ums user) or 'admin' (operator). */
    kind: text('kind').notNull(),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    /**
     * The person signed in (user sessions): the live lookup finds the profiles they hold from it,
     * so a profile the office adds later counts at once. Null for a session holding only a pending
     * open id; a session started with a partner alone is read through that partner's account.
     */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    /** An open id signed in but not yet bound: the next phone sign-in binds it. */
    pendingOpenId: jsonb('pending_open_id').$type<PendingOpenId>(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    index('sessions_partner_idx').on(t.partnerId),
    index('sessions_account_idx').on(t.accountId),
    index('sessions_admin_idx').on(t.adminId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
)
