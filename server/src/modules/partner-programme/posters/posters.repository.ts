import { asc, desc, eq } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { backgroundImages } from './posters.table.ts'

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
    async insert(values: { name: string; url: string; sort: number; enabled?: boolean }) {
      const [row] = await db.insert(backgroundImages).values(values).returning()
      return row!
    },
    async update({ id, values }: { id: number; values: Partial<{ name: string; url: string; sort: number; enabled: boolean }> }) {
      const [row] = await db
        .update(backgroundImages)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(backgroundImages.id, id))
        .returning()
      return row
    },
    async delete({ id }: { id: number }) {
      const rows = await db.delete(backgroundImages).where(eq(backgroundImages.id, id)).returning({ id: backgroundImages.id })
      return rows.length === 1
    },
  }
}
