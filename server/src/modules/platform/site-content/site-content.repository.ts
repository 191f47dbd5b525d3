import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { siteContents } from './site-content.table.ts'

export type SiteContentRow = typeof siteContents.$inferSelect
export type SiteContentInsert = typeof siteContents.$inferInsert

export function createSiteContentRepository({ db }: { db: Executor }) {
  return {
    async findById({ id }: { id: number }): Promise<SiteContentRow | undefined> {
      const [row] = await db.select().from(siteContents).where(eq(siteContents.id, id)).limit(1)
      return row
    },
    async findByKey({ key }: { key: string }): Promise<SiteContentRow | undefined> {
      const [row] = await db.select().from(siteContents).where(eq(siteContents.key, key)).limit(1)
      return row
    },
    async insert(values: SiteContentInsert): Promise<SiteContentRow> {
      const [row] = await db.insert(siteContents).values(values).returning()
      return row!
    },
    async update({ id, values }: { id: number; values: Partial<SiteContentInsert> }): Promise<SiteContentRow | undefined> {
      const [row] = await db
        .update(siteContents)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(siteContents.id, id))
        .returning()
      return row
    },
    async delete({ id }: { id: number }): Promise<boolean> {
      const rows = await db.delete(siteContents).where(eq(siteContents.id, id)).returning({ id: siteContents.id })
      return rows.length === 1
    },
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
