// Points ways (积分途径) and levels (积分等级), as the console keeps them. A unique index refuses a
// second way of a kind and a second level of the same points: the Chinese refusal instead of a 500.
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { isUniqueViolation } from '../../../db/errors.ts'
import type { Executor } from '../../../db/types.ts'
import { createLevelNotFoundError, createWayNotFoundError } from './points.errors.ts'
import { createPointsRepository } from './points.repository.ts'
import type { levelBody, wayBody } from './points.schemas.ts'
import { type LevelRow, toLevel, toWay, type WayRow } from './points.service.ts'
import { pointsLevels, pointsWays } from './points.table.ts'
import { updateRow } from '../../../db/rows.ts'

type WayInput = z.infer<typeof wayBody>
type LevelInput = z.infer<typeof levelBody>

/** Runs a write (its transaction included); a unique index refusing it becomes `refusal`. */
export async function refusingDuplicate<T>(write: () => Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal()
    throw error
  }
}

/** Every way, as one console page. */
export async function listWays({ db }: { db: Executor }) {
  const rows = await createPointsRepository({ db }).ways()
  return { list: rows.map(toWay), total: rows.length, page: 1, size: Math.max(rows.length, 1) }
}

export async function createWay({ db, input }: { db: Executor; input: WayInput }): Promise<WayRow> {
  const [row] = await db
    .insert(pointsWays)
    .values({ ...input, description: input.description ?? null })
    .returning()
  return row!
}

/** Changes a way: the row before and after. */
export async function updateWay({ db, id, values }: { db: Executor; id: number; values: WayInput }) {
  const [before] = await db.select().from(pointsWays).where(eq(pointsWays.id, id)).for('update')
  if (!before) throw createWayNotFoundError()
  const [after] = await db
    .update(pointsWays)
    .set({ ...values, description: values.description ?? null, updatedAt: new Date() })
    .where(eq(pointsWays.id, id))
    .returning()
  return { before, after: after! }
}

/** Every level, lowest first, as one console page. */
export async function listLevels({ db }: { db: Executor }) {
  const rows = await createPointsRepository({ db }).levels()
  return { list: rows.map(toLevel), total: rows.length, page: 1, size: Math.max(rows.length, 1) }
}

export async function createLevel({ db, input }: { db: Executor; input: LevelInput }): Promise<LevelRow> {
  return (await db.insert(pointsLevels).values(input).returning())[0]!
}

/** Changes a level: the row before and after. */
export async function updateLevel({ db, id, values }: { db: Executor; id: number; values: LevelInput }) {
  const [before] = await db.select().from(pointsLevels).where(eq(pointsLevels.id, id)).for('update')
  if (!before) throw createLevelNotFoundError()
  const after = await updateRow(db, pointsLevels, id, values)
  return { before, after: after! }
}
