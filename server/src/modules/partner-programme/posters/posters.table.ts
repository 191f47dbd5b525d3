import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../../db/columns.ts'

/** Share-poster backgrounds the operator uploads. */
export const backgroundImages = pgTable('background_images', {
  id: id(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
  /** Offered to partners on their share poster; a switched-off background stays for later. */
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
