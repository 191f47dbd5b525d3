import { jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../../db/columns.ts'

/**
 * Contents of the site (/pages/main/content?id=): articles, and by `key` the fixed texts the
 * client links to (`agreement` the partner agreement, `privacy` the privacy policy).
 */
export const siteContents = pgTable('site_contents', {
  id: id(),
  /** Optional stable name the client can ask for instead of the id. */
  key: text('key').unique(),
  title: text('title').notNull(),
  /** Sanitised HTML. */
  body: text('body').notNull(),
  /** Image URLs shown with the content (e.g. a gallery or a header image). */
  images: jsonb('images').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
