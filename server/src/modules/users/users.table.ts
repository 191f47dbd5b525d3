import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../../db/columns.ts'
import { partners } from '../partners/partners.table.ts'

/** A WeChat/Alipay open id bound to a partner: signing in with it signs that partner in. */
export const openIdBindings = pgTable(
  'open_id_bindings',
  {
    id: id(),
    platform: text('platform').notNull(),
    type: text('type').notNull(),
    openId: text('open_id').notNull(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('open_id_bindings_open_id_uq').on(t.platform, t.type, t.openId),
    uniqueIndex('open_id_bindings_partner_uq').on(t.partnerId, t.platform, t.type),
  ],
)
