import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { columnsOf } from '../../../db/views.ts'
import { CouponStatus, OrderPayStatus, RefundStatus, StudentStatus } from '../../../wire.ts'
import { ordersView } from '../orders/index.ts'
import { studentRecipients, studentsView } from '../../roll/index.ts'
import { coupons, feeStandards, orderRefunds, receipts, receiptSequences } from './fees.table.ts'
import { personKeyword } from '../../../lib/person-search.ts'
import { insertRow, rowById, updateRow } from '../../../db/rows.ts'

export type FeeStandardRow = typeof feeStandards.$inferSelect
export type RefundRow = typeof orderRefunds.$inferSelect
export type ReceiptRow = typeof receipts.$inferSelect
export type CouponRow = typeof coupons.$inferSelect

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Unpaid first (待支付, 支付中, 支付失败), then paid, then cancelled; newest first within each. */
const clientOrder = sql`case ${ordersView.payStatus} when ${OrderPayStatus.paid} then 1 when ${OrderPayStatus.cancelled} then 2 else 0 end`

function appliesTo(standard: FeeStandardRow): SQL[] {
  const c: SQL[] = [
    eq(studentsView.school, standard.school),
    eq(studentsView.major, standard.major),
    eq(studentsView.level, standard.level),
    sql`${studentsView.status} not in (${StudentStatus.withdrawn}, ${StudentStatus.graduated})`,
  ]
  if (standard.batchYear !== null) c.push(eq(studentsView.batchYear, standard.batchYear))
  if (standard.batch !== null) c.push(eq(studentsView.batch, standard.batch))
  return c
}

export function createFeesRepository({ db }: { db: Executor }) {
  return {
    // Standards
    async listStandards({
      filter,
      page,
      size,
    }: {
      filter: { school?: string; feeKind?: string; academicYear?: string }
      page: number
      size: number
    }) {
      const c: SQL[] = []
      if (filter.school) c.push(ilike(feeStandards.school, like(filter.school)))
      if (filter.feeKind) c.push(eq(feeStandards.feeKind, filter.feeKind))
      if (filter.academicYear) c.push(eq(feeStandards.academicYear, filter.academicYear))
      const where = c.length ? and(...c) : undefined
      const rows = await db
        .select()
        .from(feeStandards)
        .where(where)
        .orderBy(desc(feeStandards.createdAt), desc(feeStandards.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(feeStandards).where(where)
      return { rows, total: total?.n ?? 0 }
    },
    async findStandard({ id }: { id: number }) {
      return rowById(db, feeStandards, id)
    },
    async insertStandard(values: typeof feeStandards.$inferInsert) {
      return insertRow(db, feeStandards, values)
    },
    async updateStandard({ id, values }: { id: number; values: Partial<typeof feeStandards.$inferInsert> }) {
      return updateRow(db, feeStandards, id, values)
    },
    async deleteStandard({ id }: { id: number }) {
      const [row] = await db.delete(feeStandards).where(eq(feeStandards.id, id)).returning()
      return row
    },
    async standardUsed({ id }: { id: number }) {
      const [row] = await db.select({ id: ordersView.id }).from(ordersView).where(eq(ordersView.feeStandardId, id)).limit(1)
      return Boolean(row)
    },
    /** How many students a standard applies to (not 退学 or 毕业). */
    async countApplicable({ standard }: { standard: FeeStandardRow }) {
      const [row] = await db
        .select({ n: count() })
        .from(studentsView)
        .where(and(...appliesTo(standard)))
      return row?.n ?? 0
    },
    /** The students a standard applies to with no live order of it for its year. */
    async studentsWithoutOrder({ standard }: { standard: FeeStandardRow }) {
      const c: SQL[] = [
        ...appliesTo(standard),
        sql`not exists (select 1 from ${ordersView} where ${ordersView.studentId} = ${studentsView.id} and ${ordersView.feeStandardId} = ${standard.id}
          and ${ordersView.academicYear} = ${standard.academicYear} and ${ordersView.cancelledAt} is null)`,
      ]
      return db
        .select({ id: studentsView.id, accountId: studentsView.accountId, name: studentsView.name })
        .from(studentsView)
        .where(and(...c))
        .orderBy(asc(studentsView.id))
    },

    // Fee orders
    async listFeeOrders({
      filter,
      page,
      size,
      clientOrdering = false,
    }: {
      filter: FeeOrderFilter
      page: number
      size: number
      clientOrdering?: boolean
    }) {
      const where = feeOrdersWhere(filter)
      const rows = await db
        .select({
          order: columnsOf(ordersView),
          studentName: studentsView.name,
          studentPhone: studentsView.phone,
          school: studentsView.school,
          major: studentsView.major,
          couponCode: coupons.code,
          receiptId: receipts.id,
        })
        .from(ordersView)
        .innerJoin(studentsView, eq(studentsView.id, ordersView.studentId))
        .leftJoin(coupons, eq(coupons.id, ordersView.couponId))
        .leftJoin(receipts, and(eq(receipts.orderId, ordersView.id), eq(receipts.status, '有效')))
        .where(where)
        .orderBy(...(clientOrdering ? [clientOrder] : []), desc(ordersView.createdAt), desc(ordersView.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(ordersView)
        .innerJoin(studentsView, eq(studentsView.id, ordersView.studentId))
        .where(where)
      return { rows, total: total?.n ?? 0 }
    },

    /** The fee orders the console's list shows for a filter, counted (工作台: refunds 退款中). */
    async countFeeOrders(filter: FeeOrderFilter): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(ordersView)
        .innerJoin(studentsView, eq(studentsView.id, ordersView.studentId))
        .where(feeOrdersWhere(filter))
      return row?.n ?? 0
    },

    // Refunds
    async refunds({ orderId }: { orderId: number }) {
      return db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.id))
    },
    /** Fen reserved or given back: the order's refunds 退款中 and 已退款. */
    async refundedOrPending({ orderId }: { orderId: number }) {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, RefundStatus.failed)))
      return row?.n ?? 0
    },
    async insertRefund(values: typeof orderRefunds.$inferInsert) {
      return insertRow(db, orderRefunds, values)
    },
    async findRefund({ id }: { id: number }) {
      return rowById(db, orderRefunds, id)
    },
    async findRefundByNo({ refundNo }: { refundNo: string }) {
      const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.refundNo, refundNo)).limit(1)
      return row
    },
    async pendingRefunds({ orderId }: { orderId: number }) {
      return db
        .select()
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, RefundStatus.pending)))
        .orderBy(asc(orderRefunds.id))
    },
    /** Refunds still 退款中 made before `before`, oldest first: the ones a crash or a lost notification left open. */
    async staleRefunds({ before, limit }: { before: Date; limit: number }) {
      return db
        .select({ id: orderRefunds.id })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.status, RefundStatus.pending), lt(orderRefunds.createdAt, before)))
        .orderBy(asc(orderRefunds.id))
        .limit(limit)
    },
    async noteProviderRefund({ id, providerRefundId }: { id: number; providerRefundId: string }) {
      await db.update(orderRefunds).set({ providerRefundId }).where(eq(orderRefunds.id, id))
    },
    /** Settles a refund still 退款中 (one answer wins); undefined when it was already settled. */
    async settleRefund({ id, values }: { id: number; values: Partial<typeof orderRefunds.$inferInsert> }) {
      const [row] = await db
        .update(orderRefunds)
        .set(values)
        .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, RefundStatus.pending)))
        .returning()
      return row
    },

    // Receipts
    async nextReceiptSequence({ day }: { day: string }) {
      const [row] = await db
        .insert(receiptSequences)
        .values({ day, last: 1 })
        .onConflictDoUpdate({ target: receiptSequences.day, set: { last: sql`${receiptSequences.last} + 1` } })
        .returning({ last: receiptSequences.last })
      return row!.last
    },
    async insertReceipt(values: typeof receipts.$inferInsert) {
      return insertRow(db, receipts, values)
    },
    async receiptsOf({ orderId }: { orderId: number }) {
      return db.select().from(receipts).where(eq(receipts.orderId, orderId)).orderBy(asc(receipts.id))
    },
    async validReceiptOf({ orderId }: { orderId: number }) {
      const [row] = await db
        .select()
        .from(receipts)
        .where(and(eq(receipts.orderId, orderId), eq(receipts.status, '有效')))
        .limit(1)
      return row
    },
    async findReceipt({ id, forUpdate = false }: { id: number; forUpdate?: boolean }) {
      const q = db.select().from(receipts).where(eq(receipts.id, id)).limit(1)
      const [row] = forUpdate ? await q.for('update') : await q
      return row
    },
    async updateReceipt({ id, values }: { id: number; values: Partial<typeof receipts.$inferInsert> }) {
      const [row] = await db.update(receipts).set(values).where(eq(receipts.id, id)).returning()
      return row!
    },

    // Coupons
    async findCouponByCode({ code, forUpdate = false }: { code: string; forUpdate?: boolean }) {
      const q = db.select().from(coupons).where(eq(coupons.code, code)).limit(1)
      const [row] = forUpdate ? await q.for('update') : await q
      return row
    },
    async findCoupon({ id }: { id: number }) {
      return rowById(db, coupons, id)
    },
    async insertCoupons(values: Array<typeof coupons.$inferInsert>) {
      return db.insert(coupons).values(values).returning()
    },
    /** Takes an unused, unexpired code for an order (one taker wins). */
    async useCoupon({ id, orderId, discount, now }: { id: number; orderId: number; discount: number; now: Date }) {
      const [row] = await db
        .update(coupons)
        .set({ status: CouponStatus.used, orderId, discount, usedAt: now, updatedAt: now })
        .where(
          and(eq(coupons.id, id), eq(coupons.status, CouponStatus.unused), sql`${coupons.expiresAt} > ${now.toISOString()}::timestamptz`),
        )
        .returning()
      return row
    },
    /** A cancelled order's coupon may be used again. */
    async releaseCoupon({ orderId, now }: { orderId: number; now: Date }) {
      await db
        .update(coupons)
        .set({ status: CouponStatus.unused, orderId: null, discount: null, usedAt: null, updatedAt: now })
        .where(and(eq(coupons.orderId, orderId), eq(coupons.status, CouponStatus.used)))
    },
    async voidCoupon({ id, reason, now }: { id: number; reason: string; now: Date }) {
      const [row] = await db
        .update(coupons)
        .set({ status: CouponStatus.voided, voidedAt: now, voidReason: reason, updatedAt: now })
        .where(and(eq(coupons.id, id), eq(coupons.status, CouponStatus.unused)))
        .returning()
      return row
    },
    async listCoupons({
      filter,
      page,
      size,
      now,
    }: {
      filter: { status?: string; code?: string; batchNo?: string }
      page: number
      size: number
      now: Date
    }) {
      const c: SQL[] = []
      const t = sql`${now.toISOString()}::timestamptz`
      if (filter.status === CouponStatus.expired) c.push(and(eq(coupons.status, CouponStatus.unused), sql`${coupons.expiresAt} <= ${t}`)!)
      else if (filter.status === CouponStatus.unused)
        c.push(and(eq(coupons.status, CouponStatus.unused), sql`${coupons.expiresAt} > ${t}`)!)
      else if (filter.status) c.push(eq(coupons.status, filter.status))
      if (filter.code) c.push(ilike(coupons.code, like(filter.code)))
      if (filter.batchNo) c.push(eq(coupons.batchNo, filter.batchNo))
      const where = c.length ? and(...c) : undefined
      const rows = await db
        .select({ coupon: coupons, studentName: studentsView.name })
        .from(coupons)
        .leftJoin(studentsView, eq(studentsView.id, coupons.studentId))
        .where(where)
        .orderBy(desc(coupons.createdAt), desc(coupons.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(coupons).where(where)
      return { rows, total: total?.n ?? 0 }
    },

    // Students
    async findStudent({ id }: { id: number }) {
      const [row] = await db.select().from(studentsView).where(eq(studentsView.id, id)).limit(1)
      return row
    },
    /** The student's account and, when they are a partner too, their partner profile (message recipients). */
    recipient({ studentId }: { studentId: number }): SQL {
      return studentRecipients(db, eq(studentsView.id, studentId))
    },
    async studentOfClue({ clueId }: { clueId: number }) {
      const [row] = await db
        .select({ id: studentsView.id, name: studentsView.name })
        .from(studentsView)
        .where(eq(studentsView.clueId, clueId))
        .limit(1)
      return row
    },
    /** The student's fee orders still to pay: 待支付, 支付中 or 支付失败 (a cancelled one is not owed). */
    async unpaidCountForStudent({ studentId }: { studentId: number }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(ordersView)
        .where(
          and(
            eq(ordersView.studentId, studentId),
            sql`${ordersView.feeKind} is not null`,
            inArray(ordersView.payStatus, [OrderPayStatus.unpaid, OrderPayStatus.paying, OrderPayStatus.failed]),
          ),
        )
      return row?.n ?? 0
    },
    /**
     * The students' tuition (学费 orders, cancelled ones left out): how many are paid and not wholly
     * refunded, and how many and how much are still to pay (待支付, 支付中, 支付失败).
     */
    async tuitionByStudent({ studentIds }: { studentIds: number[] }) {
      if (!studentIds.length) return []
      const owed = inArray(ordersView.payStatus, [OrderPayStatus.unpaid, OrderPayStatus.paying, OrderPayStatus.failed])
      return db
        .select({
          studentId: sql<number>`${ordersView.studentId}`,
          paid: sql<number>`(count(*) filter (where ${ordersView.payStatus} = ${OrderPayStatus.paid}
            and ${ordersView.refunded} < ${ordersView.amount} - ${ordersView.discount}))::int`,
          unpaid: sql<number>`(count(*) filter (where ${owed}))::int`,
          unpaidAmount: sql<number>`coalesce(sum(${ordersView.amount} - ${ordersView.discount}) filter (where ${owed}), 0)::int`,
        })
        .from(ordersView)
        .where(and(inArray(ordersView.studentId, studentIds), eq(ordersView.feeKind, '学费'), isNull(ordersView.cancelledAt)))
        .groupBy(ordersView.studentId)
    },
    /** A student still holds a paid tuition order not wholly refunded. */
    async holdsPaidTuition({ studentId }: { studentId: number }) {
      const [row] = await db
        .select({ id: ordersView.id })
        .from(ordersView)
        .where(
          and(
            eq(ordersView.studentId, studentId),
            eq(ordersView.feeKind, '学费'),
            eq(ordersView.payStatus, OrderPayStatus.paid),
            isNull(ordersView.cancelledAt),
            sql`${ordersView.refunded} < ${ordersView.amount} - ${ordersView.discount}`,
          ),
        )
        .limit(1)
      return Boolean(row)
    },
    async ordersByIds({ ids }: { ids: number[] }) {
      if (!ids.length) return []
      return db.select().from(ordersView).where(inArray(ordersView.id, ids))
    },
  }
}

export type FeeOrderFilter = {
  studentId?: number
  payStatus?: string
  refundStatus?: string
  feeKind?: string
  academicYear?: string
  keyword?: string
}

/** The fee orders' list filter (list, export and count). */
function feeOrdersWhere(filter: FeeOrderFilter): SQL | undefined {
  const c: SQL[] = [sql`${ordersView.studentId} is not null`, sql`${ordersView.feeKind} is not null`]
  if (filter.studentId) c.push(eq(ordersView.studentId, filter.studentId))
  if (filter.payStatus) c.push(eq(ordersView.payStatus, filter.payStatus))
  // Spelled out: drizzle leaves columns unqualified inside sql`` (the view is aliased `orders`).
  if (filter.refundStatus)
    c.push(sql`exists (select 1 from order_refunds r where r.order_id = orders.id and r.status = ${filter.refundStatus})`)
  if (filter.feeKind) c.push(eq(ordersView.feeKind, filter.feeKind))
  if (filter.academicYear) c.push(eq(ordersView.academicYear, filter.academicYear))
  if (filter.keyword)
    c.push(
      or(
        personKeyword(filter.keyword, { text: [studentsView.name], phones: [studentsView.phone] }),
        eq(ordersView.orderNo, filter.keyword),
      )!,
    )
  return and(...c)
}
