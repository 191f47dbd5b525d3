import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { updatedAt } from '../../../db/columns.ts'

/** System settings (设置) by SettingKey; a key with no row has its default (settings.service.ts). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  /** The operator who set it last (admins.id, no FK: the value outlives operators). */
  updatedBy: integer('updated_by'),
  updatedAt: updatedAt(),
})
