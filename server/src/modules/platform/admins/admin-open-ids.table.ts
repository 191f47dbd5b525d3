import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../../../db/columns.ts'
import { admins } from './admins.table.ts'

/**
 * A WeChat/Alipay open id bound to an operator (教职工 in the app): signing in with it in the
 * mini-program (or WeChat H5) signs the operator in, as students are. One binding per operator and
 * platform/type; an open id belongs to one operator (binding it again moves it).
 */
export const adminOpenIds = pgTable(
  'admin_open_ids',
  {
    id: id(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    type: text('type').notNull(),
    openId: text('open_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('admin_open_ids_open_id_uq').on(t.platform, t.type, t.openId),
    uniqueIndex('admin_open_ids_admin_uq').on(t.adminId, t.platform, t.type),
  ],
)
