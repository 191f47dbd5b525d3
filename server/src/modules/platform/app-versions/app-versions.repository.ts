import { and, count, desc, eq, lte } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { appVersions } from './app-versions.table.ts'
import { rowById, rowWrites } from '../../../db/rows.ts'

export type AppVersionRow = typeof appVersions.$inferSelect
export type AppVersionInsert = typeof appVersions.$inferInsert

export function createAppVersionsRepository({ db }: { db: Executor }) {
  return {
    async findById({ id }: { id: number }): Promise<AppVersionRow | undefined> {
      return rowById(db, appVersions, id)
    },
    /** The highest build released by `now`. */
    async latest({ platform, now }: { platform: string; now: Date }): Promise<AppVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(appVersions)
        .where(and(eq(appVersions.platform, platform), lte(appVersions.releasedAt, now)))
        .orderBy(desc(appVersions.buildNumber))
        .limit(1)
      return row
    },
    ...rowWrites(db, appVersions),
    /** Newest build first. */
    async list({ platform, page, size }: { platform?: string; page: number; size: number }) {
      const w = platform ? eq(appVersions.platform, platform) : undefined
      const rows = await db
        .select()
        .from(appVersions)
        .where(w)
        .orderBy(desc(appVersions.buildNumber), desc(appVersions.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(appVersions).where(w)
      return { rows, total: total?.n ?? 0 }
    },
  }
}
