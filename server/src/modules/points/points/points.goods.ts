// The shop's goods as the console keeps them and the student browses them, and the exchange orders' lists.
import { eq } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { GoodStatus, ParcelSource } from '../../../wire.ts'
import { parcelsOfSources } from '../../roll/index.ts'
import { createGoodNotFoundError } from './points.errors.ts'
import { createPointsRepository } from './points.repository.ts'
import { cancelGoodOrder, checkGood, type GoodInput, type GoodRow, toGood, toGoodOrder } from './points.shop.ts'
import { shopGoods } from './points.table.ts'
import { updateRow } from '../../../db/rows.ts'

type Repo = ReturnType<typeof createPointsRepository>
type GoodsFilter = Parameters<Repo['goods']>[0]['filter']
type OrdersFilter = Parameters<Repo['orders']>[0]['filter']

// ---- goods (console) ----

export async function listGoodsForConsole({
  db,
  filter,
  page,
  size,
  secret,
}: {
  db: Executor
  filter: GoodsFilter
  page: number
  size: number
  secret: string
}) {
  const { rows, total } = await createPointsRepository({ db }).goods({ filter, page, size })
  return { list: rows.map((r) => toGood({ ...r.good, courseTitle: r.courseTitle }, secret)), total, page, size }
}

export async function goodForConsole({ db, id, secret }: { db: Executor; id: number; secret: string }) {
  const { rows } = await createPointsRepository({ db }).goods({ filter: { id }, page: 1, size: 1 })
  if (!rows[0]) throw createGoodNotFoundError()
  return toGood({ ...rows[0].good, courseTitle: rows[0].courseTitle }, secret)
}

export async function createGood({ db, input }: { db: Executor; input: GoodInput }): Promise<GoodRow> {
  return (
    await db
      .insert(shopGoods)
      .values(await checkGood(db, input))
      .returning()
  )[0]!
}

/** Changes a good (stock set here; exchanges under way keep theirs): the row before and after. */
export async function updateGood({ db, id, input }: { db: Executor; id: number; input: GoodInput }) {
  const [before] = await db.select().from(shopGoods).where(eq(shopGoods.id, id)).for('update')
  if (!before) throw createGoodNotFoundError()
  const values = await checkGood(db, input)
  const after = await updateRow(db, shopGoods, id, values)
  return { before, after: after! }
}

/** Lists or unlists a good. */
export async function setGoodStatus({ db, id, status }: { db: Executor; id: number; status: GoodStatus }) {
  const [after] = await db.update(shopGoods).set({ status, updatedAt: new Date() }).where(eq(shopGoods.id, id)).returning()
  if (!after) throw createGoodNotFoundError()
  return after
}

// ---- goods (student) ----

/** Listed goods (highest sort first), by kind, with how many the student exchanged. */
export async function listGoodsForStudent({
  db,
  studentId,
  kind,
  page,
  size,
  secret,
}: {
  db: Executor
  studentId: number
  kind?: string
  page: number
  size: number
  secret: string
}) {
  const { rows, total } = await createPointsRepository({ db }).goods({ filter: { kind, status: GoodStatus.listed }, page, size, studentId })
  return {
    list: rows.map((r) => ({ ...toGood({ ...r.good, courseTitle: r.courseTitle }, secret), exchanged: r.exchanged })),
    total,
    page,
    size,
  }
}

/** One listed good (unlisted or missing: not found), with how many the student exchanged. */
export async function goodForStudent({ db, studentId, id, secret }: { db: Executor; studentId: number; id: number; secret: string }) {
  const { rows } = await createPointsRepository({ db }).goods({ filter: { id, status: GoodStatus.listed }, page: 1, size: 1, studentId })
  const r = rows[0]
  if (!r) throw createGoodNotFoundError()
  return { ...toGood({ ...r.good, courseTitle: r.courseTitle }, secret), exchanged: r.exchanged }
}

// ---- exchange orders ----

/** The parcels of a page of orders (shipped ones have one). */
const parcelsOf = (db: Executor, rows: Array<{ order: { id: number } }>) =>
  parcelsOfSources({ db, type: ParcelSource.goodOrder, ids: rows.map((r) => r.order.id) })

/** How many exchange orders the console's list shows for this filter (工作台: `status=待发货`). */
export async function countGoodOrdersForConsole({ db, filter }: { db: Executor; filter: OrdersFilter }) {
  return createPointsRepository({ db }).countOrders(filter)
}

/** The console's exchange orders, newest first, with their student. */
export async function listGoodOrdersForConsole({
  db,
  filter,
  page,
  size,
}: {
  db: Executor
  filter: OrdersFilter
  page: number
  size: number
}) {
  const { rows, total } = await createPointsRepository({ db }).orders({ filter, page, size })
  const parcels = await parcelsOf(db, rows)
  return {
    list: rows.map((r) => ({
      ...toGoodOrder(r.order, parcels.get(r.order.id)),
      studentId: r.order.studentId,
      name: r.name,
      studentNo: r.studentNo,
    })),
    total,
    page,
    size,
  }
}

/** The student's own exchanges, newest first. */
export async function listGoodOrdersForStudent({
  db,
  studentId,
  status,
  page,
  size,
}: {
  db: Executor
  studentId: number
  status?: string
  page: number
  size: number
}) {
  const { rows, total } = await createPointsRepository({ db }).orders({ filter: { studentId, status }, page, size })
  const parcels = await parcelsOf(db, rows)
  return { list: rows.map((r) => toGoodOrder(r.order, parcels.get(r.order.id))), total, page, size }
}

/** The student cancels their exchange before it ships: points and stock back, one transaction. */
export async function cancelGoodOrderForStudent({ db, id, studentId }: { db: Executor; id: number; studentId: number }) {
  return db.transaction((tx) => cancelGoodOrder({ db: tx, id, studentId, reason: '学员取消' }))
}
