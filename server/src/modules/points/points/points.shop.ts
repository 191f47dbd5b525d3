import { and, eq, gte, ne, sql, sum } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { fileUrl } from '../../../gateways/storage/index.ts'
import { carrierName, GoodKind, GoodOrderStatus, GoodStatus, ParcelSource, PointsRecordType, SHIPPED_GOOD_KINDS } from '../../../wire.ts'
import { attachParcel, confirmParcelReceipt, type Parcel, toParcel } from '../../roll/index.ts'
import { coursesView, findEnrolment, grantCourse } from '../../learning/index.ts'
import { recordGoodShipped } from '../../platform/index.ts'
import {
  createAddressMissingError,
  createCourseNotFoundError,
  createCourseOwnedError,
  createGoodInUseError,
  createGoodNotFoundError,
  createLimitError,
  createNotEnoughPointsError,
  createOrderNotCancellableError,
  createOrderNotFoundError,
  createOrderNotShippableError,
  createOutOfStockError,
  createVoucherCourseError,
  createVoucherQuantityError,
} from './points.errors.ts'
import { applyChange, lockAccount } from './points.ledger.ts'
import { recipientOf } from './points.service.ts'
import { goodOrders, shopGoods } from './points.table.ts'

export type GoodRow = typeof shopGoods.$inferSelect
export type GoodOrderRow = typeof goodOrders.$inferSelect

export const isShipped = (kind: string) => (SHIPPED_GOOD_KINDS as readonly string[]).includes(kind)

export function toGood(g: GoodRow & { courseTitle?: string | null }, secret: string) {
  return {
    id: g.id,
    kind: g.kind as GoodKind,
    name: g.name,
    cover: g.cover,
    coverUrl: g.cover ? fileUrl({ secret, key: g.cover }) : null,
    description: g.description,
    points: g.points,
    stock: g.stock,
    sold: g.sold,
    perPersonLimit: g.perPersonLimit,
    courseId: g.courseId,
    courseTitle: g.courseTitle ?? null,
    status: g.status as GoodStatus,
    sort: g.sort,
    needsAddress: isShipped(g.kind),
  }
}

export function toGoodOrder(o: GoodOrderRow, parcel: Parcel | null = null) {
  return {
    id: o.id,
    goodId: o.goodId,
    goodName: o.goodName,
    goodKind: o.goodKind as GoodKind,
    quantity: o.quantity,
    unitPoints: o.unitPoints,
    totalPoints: o.totalPoints,
    status: o.status as GoodOrderStatus,
    address: o.address === null ? null : { name: o.addressName ?? '', phone: o.addressPhone ?? '', address: o.address },
    expressCompany: o.expressCompany,
    expressNo: o.expressNo,
    shippedAt: o.shippedAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    cancelReason: o.cancelReason,
    createdAt: o.createdAt.toISOString(),
    parcel,
  }
}

export interface GoodInput {
  kind: GoodKind
  name: string
  cover?: string
  description?: string
  points: number
  stock: number
  perPersonLimit: number
  courseId?: number
  status: GoodStatus
  sort: number
}

/** A good's fields checked together: a course voucher names an existing course, other kinds none. */
export async function checkGood(db: Executor, input: GoodInput) {
  if ((input.kind === GoodKind.courseVoucher) !== (input.courseId !== undefined)) throw createVoucherCourseError()
  if (input.courseId !== undefined) {
    const [c] = await db.select({ id: coursesView.id }).from(coursesView).where(eq(coursesView.id, input.courseId)).limit(1)
    if (!c) throw createCourseNotFoundError()
  }
  return {
    kind: input.kind,
    name: input.name,
    cover: input.cover ?? null,
    description: input.description ?? null,
    points: input.points,
    stock: input.stock,
    perPersonLimit: input.perPersonLimit,
    courseId: input.courseId ?? null,
    status: input.status,
    sort: input.sort,
  }
}

export async function deleteGood({ db, id }: { db: Executor; id: number }) {
  const [good] = await db.select().from(shopGoods).where(eq(shopGoods.id, id)).for('update')
  if (!good) throw createGoodNotFoundError()
  const [used] = await db.select({ id: goodOrders.id }).from(goodOrders).where(eq(goodOrders.goodId, id)).limit(1)
  if (used) throw createGoodInUseError()
  await db.delete(shopGoods).where(eq(shopGoods.id, id))
  return good
}

/**
 * 兑换: one transaction. The student's points account is locked first (their exchanges take
 * turns, so the per-person limit and the balance read under it hold), then the stock is taken by a
 * conditional UPDATE (stock >= quantity, still listed) that PostgreSQL serialises on the good's
 * row: the last item sells once however many ask at the same instant. Points are spent with a
 * record whose ref is the order; a course voucher opens its course at once (已完成), shipped kinds
 * wait for the office (待发货).
 */
export async function exchangeGood({
  db,
  studentId,
  input,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  input: { goodId: number; quantity: number; address?: { name: string; phone: string; address: string } }
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const [good] = await tx.select().from(shopGoods).where(eq(shopGoods.id, input.goodId)).limit(1)
    if (!good || good.status !== GoodStatus.listed) throw createGoodNotFoundError()
    const shipped = isShipped(good.kind)
    if (shipped && !input.address) throw createAddressMissingError()
    if (good.kind === GoodKind.courseVoucher && input.quantity !== 1) throw createVoucherQuantityError()
    const total = good.points * input.quantity
    const account = await lockAccount({ db: tx, studentId })
    if (good.kind === GoodKind.courseVoucher && (await findEnrolment({ db: tx, studentId, courseId: good.courseId! })))
      throw createCourseOwnedError()
    if (account.balance < total) throw createNotEnoughPointsError()
    if (good.perPersonLimit > 0) {
      const [had] = await tx
        .select({ n: sum(goodOrders.quantity).mapWith(Number) })
        .from(goodOrders)
        .where(and(eq(goodOrders.studentId, studentId), eq(goodOrders.goodId, good.id), ne(goodOrders.status, GoodOrderStatus.cancelled)))
      if ((had?.n ?? 0) + input.quantity > good.perPersonLimit) throw createLimitError()
    }
    const [taken] = await tx
      .update(shopGoods)
      .set({ stock: sql`${shopGoods.stock} - ${input.quantity}`, sold: sql`${shopGoods.sold} + ${input.quantity}`, updatedAt: now })
      .where(and(eq(shopGoods.id, good.id), eq(shopGoods.status, GoodStatus.listed), gte(shopGoods.stock, input.quantity)))
      .returning({ id: shopGoods.id })
    if (!taken) throw createOutOfStockError()
    const [order] = await tx
      .insert(goodOrders)
      .values({
        studentId,
        goodId: good.id,
        goodName: good.name,
        goodKind: good.kind,
        quantity: input.quantity,
        unitPoints: good.points,
        totalPoints: total,
        status: shipped ? GoodOrderStatus.toShip : GoodOrderStatus.done,
        addressName: shipped ? input.address!.name : null,
        addressPhone: shipped ? input.address!.phone : null,
        address: shipped ? input.address!.address : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    const record = await applyChange({
      db: tx,
      account,
      change: -total,
      type: PointsRecordType.exchange,
      ref: { type: 'goodOrder', id: order!.id },
      note: `兑换「${good.name}」×${input.quantity}`,
      now,
    })
    if (!record) throw createNotEnoughPointsError()
    if (good.kind === GoodKind.courseVoucher)
      await grantCourse({ db: tx, courseId: good.courseId!, target: { studentIds: [studentId] }, adminId: null })
    return { order: toGoodOrder(order!), balance: account.balance }
  })
}

/**
 * Cancels a 待发货 exchange in the caller's transaction (the student's own, or any for the office):
 * the account locked, then the order; points return with a 兑换退回 record (once: its ref is the
 * order) and the stock goes back.
 */
export async function cancelGoodOrder({
  db,
  id,
  studentId,
  reason,
  now = new Date(),
}: {
  db: Executor
  id: number
  /** The student's own only; undefined: the office. */
  studentId?: number
  reason: string
  now?: Date
}) {
  const [peek] = await db.select({ studentId: goodOrders.studentId }).from(goodOrders).where(eq(goodOrders.id, id)).limit(1)
  if (!peek || (studentId !== undefined && peek.studentId !== studentId)) throw createOrderNotFoundError()
  const account = await lockAccount({ db, studentId: peek.studentId })
  const [order] = await db.select().from(goodOrders).where(eq(goodOrders.id, id)).for('update')
  if (order!.status !== GoodOrderStatus.toShip) throw createOrderNotCancellableError()
  const [updated] = await db
    .update(goodOrders)
    .set({ status: GoodOrderStatus.cancelled, cancelledAt: now, cancelReason: reason, updatedAt: now })
    .where(eq(goodOrders.id, id))
    .returning()
  await db
    .update(shopGoods)
    .set({
      stock: sql`${shopGoods.stock} + ${order!.quantity}`,
      sold: sql`greatest(${shopGoods.sold} - ${order!.quantity}, 0)`,
      updatedAt: now,
    })
    .where(eq(shopGoods.id, order!.goodId))
  await applyChange({
    db,
    account,
    change: order!.totalPoints,
    type: PointsRecordType.returned,
    ref: { type: 'goodOrder', id },
    note: `取消兑换「${order!.goodName}」`,
    now,
  })
  return { order: toGoodOrder(updated!), balance: account.balance }
}

/**
 * The office ships a 待发货 exchange: carrier and waybill, 已发货, its parcel (tracked like a
 * mailing's textbooks; the caller subscribes it after the commit) and the student's message, in
 * the caller's transaction.
 */
export async function shipGoodOrder({
  db,
  id,
  expressCompany,
  expressNo,
  now = new Date(),
}: {
  db: Executor
  id: number
  expressCompany: string
  expressNo: string
  now?: Date
}) {
  const [order] = await db.select().from(goodOrders).where(eq(goodOrders.id, id)).for('update')
  if (!order) throw createOrderNotFoundError()
  if (order.status !== GoodOrderStatus.toShip) throw createOrderNotShippableError()
  const { parcel } = await attachParcel({
    db,
    source: { type: ParcelSource.goodOrder, id },
    studentId: order.studentId,
    title: `${order.goodName}×${order.quantity}`,
    carrier: expressCompany,
    waybillNo: expressNo,
    now,
  })
  const [updated] = await db
    .update(goodOrders)
    .set({ status: GoodOrderStatus.shipped, expressCompany: carrierName(expressCompany), expressNo, shippedAt: now, updatedAt: now })
    .where(eq(goodOrders.id, id))
    .returning()
  await recordGoodShipped({
    tx: db,
    order: { id, goodName: order.goodName, expressCompany: carrierName(expressCompany), expressNo },
    recipients: recipientOf(db, order.studentId),
    now,
  })
  return { order: updated!, parcel: toParcel(parcel) }
}

/**
 * The student's 确认收货 of a shipped exchange, in the caller's transaction: the parcel's receipt
 * (once) and the order 已完成. Not shipped or another's: 404.
 */
export async function confirmGoodOrderReceipt({
  db,
  id,
  studentId,
  now = new Date(),
}: {
  db: Executor
  id: number
  studentId: number
  now?: Date
}) {
  const [order] = await db.select().from(goodOrders).where(eq(goodOrders.id, id)).for('update')
  if (!order || order.studentId !== studentId) throw createOrderNotFoundError()
  const { parcel } = await confirmParcelReceipt({ db, source: { type: ParcelSource.goodOrder, id }, studentId, now })
  const [updated] =
    order.status === GoodOrderStatus.shipped
      ? await db.update(goodOrders).set({ status: GoodOrderStatus.done, updatedAt: now }).where(eq(goodOrders.id, id)).returning()
      : [order]
  return toGoodOrder(updated!, parcel)
}
