import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { siteContents } from './site-content.table.ts'
import { rowById, rowWrites } from '../../../db/rows.ts'

export type SiteContentRow = typeof siteContents.$inferSelect
export type SiteContentInsert = typeof siteContents.$inferInsert

export function createSiteContentRepository({ db }: { db: Executor }) {
  return {
    async findById({ id }: { id: number }): Promise<SiteContentRow | undefined> {
      return rowById(db, siteContents, id)
    },
    async findByKey({ key }: { key: string }): Promise<SiteContentRow | undefined> {
      const [row] = await db.select().from(siteContents).where(eq(siteContents.key, key)).limit(1)
      return row
    },
    ...rowWrites(db, siteContents),
    /** Latest change first. */
    async list({ keyword, page, size }: { keyword?: string; page: number; size: number }) {
      let w: SQL | undefined
      if (keyword) {
        const like = `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
        w = or(ilike(siteContents.title, like), ilike(siteContents.key, like))
      }
      const rows = await db
        .select()
        .from(siteContents)
        .where(w)
        .orderBy(desc(siteContents.updatedAt), desc(siteContents.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(siteContents).where(w)
      return { rows, total: total?.n ?? 0 }
    },
  }
}
