import { and, count, desc, eq, gt, ilike, lte, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { ActivityState } from '../../../wire.ts'
import { activities } from './activities.table.ts'
import { rowById, rowWrites } from '../../../db/rows.ts'

export type ActivityRow = typeof activities.$inferSelect
export type ActivityInsert = typeof activities.$inferInsert

export interface ActivityFilter {
  status?: string
  type?: string
  state?: ActivityState
  keyword?: string
  now: Date
}

function where(f: ActivityFilter): SQL | undefined {
  const c: SQL[] = []
  if (f.status) c.push(eq(activities.status, f.status))
  if (f.type) c.push(eq(activities.type, f.type))
  if (f.keyword) c.push(ilike(activities.title, `%${f.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`))
  if (f.state === ActivityState.notStarted) c.push(gt(activities.startAt, f.now))
  if (f.state === ActivityState.ongoing) c.push(lte(activities.startAt, f.now), gt(activities.endAt, f.now))
  if (f.state === ActivityState.ended) c.push(lte(activities.endAt, f.now))
  return c.length ? and(...c) : undefined
}

export function createActivitiesRepository({ db }: { db: Executor }) {
  return {
    async findById({ id }: { id: number }): Promise<ActivityRow | undefined> {
      return rowById(db, activities, id)
    },
    ...rowWrites(db, activities),
    /** Latest start first. */
    async list({ filter, page, size }: { filter: ActivityFilter; page: number; size: number }) {
      const w = where(filter)
      const rows = await db
        .select()
        .from(activities)
        .where(w)
        .orderBy(desc(activities.startAt), desc(activities.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(activities).where(w)
      return { rows, total: total?.n ?? 0 }
    },
    async countAll(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(activities)
      return row?.n ?? 0
    },
  }
}
