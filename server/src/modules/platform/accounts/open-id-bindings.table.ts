import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../../../db/columns.ts'
import { accounts } from './accounts.table.ts'
import { partners } from '../../partner-programme/partners/partners.table.ts'

/**
 * A WeChat/Alipay open id bound to a person (accounts): signing in with it signs them in, with
 * every profile they hold. `partner_id` is the partner profile the binding was first made for
 * (older rows and callers name the partner); the database fills `account_id` from it when an
 * insert gives only the partner (trigger open_id_bindings_account, migration 0010).
 */
export const openIdBindings = pgTable(
  'open_id_bindings',
  {
    id: id(),
    platform: text('platform').notNull(),
    type: text('type').notNull(),
    openId: text('open_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .default(0)
      .references(() => accounts.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('open_id_bindings_open_id_uq').on(t.platform, t.type, t.openId),
    uniqueIndex('open_id_bindings_account_uq').on(t.accountId, t.platform, t.type),
  ],
)
