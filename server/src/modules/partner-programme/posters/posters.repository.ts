import { asc, desc, eq } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { backgroundImages } from './posters.table.ts'
import { rowWrites } from '../../../db/rows.ts'

export type BackgroundRow = typeof backgroundImages.$inferSelect

export function createPostersRepository({ db }: { db: Executor }) {
  return {
    /** Every background (the console), or only those offered to partners (`enabledOnly`). */
    async list({ enabledOnly = false }: { enabledOnly?: boolean } = {}): Promise<BackgroundRow[]> {
      return db
        .select()
        .from(backgroundImages)
        .where(enabledOnly ? eq(backgroundImages.enabled, true) : undefined)
        .orderBy(asc(backgroundImages.sort), desc(backgroundImages.id))
    },
    async findById({ id }: { id: number }): Promise<BackgroundRow | undefined> {
      const [row] = await db.select().from(backgroundImages).where(eq(backgroundImages.id, id))
      return row
    },
    ...rowWrites(db, backgroundImages),
  }
}
