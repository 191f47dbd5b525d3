// Fee orders: raising one or a standard's for every student it applies to, cancelling, and the console's and client's reads.
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { type FeeKind, MessageKind, OrderPayStatus } from '../../../wire.ts'
import { type Actor, type ReasonedAct, recordAudit, recordFeeMessage } from '../../platform/index.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
import { createOrdersRepository, newOrderNo, payableOf } from '../orders/index.ts'
import {
  createCancelRefusedError,
  createDuplicateFeeOrderError,
  createFeeOrderNotFoundError,
  createFeeOrderTotalError,
  createStandardMismatchError,
  createStandardNotFoundError,
  createStudentNotFoundError,
} from './fees.errors.ts'
import { createFeesRepository, type FeeOrderFilter, type FeeStandardRow } from './fees.repository.ts'
import { toAdminFeeOrder, toFeeOrder, toReceipt, toRefund, yuan } from './fees.shapes.ts'

/** Advisory lock class of "raise a standard's orders" (the second key is the standard). */
const BULK_LOCK = 2501

/** Does a standard apply to a student (school, major, level, and its batch when it names one)? */
const applies = (s: FeeStandardRow, st: { school: string; major: string; level: string; batchYear: number; batch: number }) =>
  s.school === st.school &&
  s.major === st.major &&
  s.level === st.level &&
  (s.batchYear === null || s.batchYear === st.batchYear) &&
  (s.batch === null || s.batch === st.batch)

export interface RaiseInput {
  studentId: number
  feeStandardId?: number
  feeKind?: FeeKind
  academicYear?: string
  title?: string
  items?: Array<{ name: string; quantity: number; unitPrice: number }>
  remark?: string
}

/**
 * Raises one fee order for a student (财务): from a standard (its kind, year, name and amount) or
 * from items; the student is told (缴费通知). One transaction, audited. A standard raises one live
 * order per student and year (the database's partial unique index answers a second try).
 */
export async function raiseFeeOrder({ db, input, actor, now = new Date() }: { db: Executor; input: RaiseInput; actor: Actor; now?: Date }) {
  try {
    return await db.transaction(async (tx) => {
      const repo = createFeesRepository({ db: tx })
      const student = await repo.findStudent({ id: input.studentId })
      if (!student) throw createStudentNotFoundError()
      let standard: FeeStandardRow | undefined
      if (input.feeStandardId) {
        standard = await repo.findStandard({ id: input.feeStandardId })
        if (!standard) throw createStandardNotFoundError()
        if (!applies(standard, student)) throw createStandardMismatchError()
      }
      const lines = (input.items ?? [{ name: standard!.name, quantity: 1, unitPrice: standard!.amount }]).map((i, sort) => ({
        ...i,
        amount: i.quantity * i.unitPrice,
        sort,
      }))
      const amount = lines.reduce((t, l) => t + l.amount, 0)
      if (amount < 1 || amount > 100_000_000) throw createFeeOrderTotalError()
      const feeKind = input.feeKind ?? (standard!.feeKind as FeeKind)
      const academicYear = input.academicYear ?? standard!.academicYear
      const title = input.title ?? standard?.name ?? (lines.length > 1 ? `${lines[0]!.name}等${lines.length}项` : lines[0]!.name)
      const { order } = await createOrdersRepository({ db: tx }).insert({
        order: {
          orderNo: newOrderNo(now),
          accountId: student.accountId,
          partnerId: null,
          studentId: student.id,
          feeKind,
          feeStandardId: standard?.id ?? null,
          academicYear,
          title,
          amount,
          payStatus: OrderPayStatus.unpaid,
          remark: input.remark ?? null,
          createdBy: actor.id,
        },
        items: lines,
      })
      await recordFeeMessage({
        tx,
        kind: MessageKind.feeOrder,
        orderId: order.id,
        body: `您有一笔${feeKind}待缴：「${title}」${yuan(amount)}，请及时缴纳`,
        dedupe: `feeOrder:${order.id}`,
        recipients: repo.recipient({ studentId: student.id }),
        now,
      })
      await recordAudit({
        tx,
        actor,
        entry: {
          action: 'feeOrder.create',
          entityType: 'order',
          entityId: order.id,
          summary: `为学员${student.name}开具缴费单${order.orderNo}「${title}」${yuan(amount)}（${feeKind}，${academicYear}）`,
          after: { studentId: student.id, feeKind, academicYear, amount, feeStandardId: standard?.id ?? null },
        },
      })
      return order
    })
  } catch (error) {
    if (isUniqueViolation(error, 'orders_student_standard_year_uq')) throw createDuplicateFeeOrderError()
    throw error
  }
}

/**
 * Raises a standard's order for every student it applies to who has no live order of it for its
 * year (bulk, 财务). One transaction holding the standard's advisory lock, so two runs at once
 * (or a rerun) create none twice. Answers how many were made and how many already had one.
 */
export async function bulkRaise({
  db,
  standardId,
  actor,
  now = new Date(),
}: {
  db: Executor
  standardId: number
  actor: Actor
  now?: Date
}) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BULK_LOCK}, ${standardId})`)
    const repo = createFeesRepository({ db: tx })
    const standard = await repo.findStandard({ id: standardId })
    if (!standard) throw createStandardNotFoundError()
    const targets = await repo.studentsWithoutOrder({ standard })
    const total = await repo.countApplicable({ standard })
    const made: number[] = []
    for (let i = 0; i < targets.length; i += 200) {
      const chunk = targets.slice(i, i + 200)
      const ordersRepo = createOrdersRepository({ db: tx })
      const rows = await ordersRepo.insertMany({
        orders: chunk.map((s) => ({
          orderNo: `${newOrderNo(now).slice(0, 14)}${String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')}`,
          accountId: s.accountId,
          partnerId: null,
          studentId: s.id,
          feeKind: standard.feeKind,
          feeStandardId: standard.id,
          academicYear: standard.academicYear,
          title: standard.name,
          amount: standard.amount,
          payStatus: OrderPayStatus.unpaid,
          createdBy: actor.id,
        })),
      })
      await ordersRepo.insertItems({
        items: rows.map((r) => ({
          orderId: r.id,
          name: standard.name,
          quantity: 1,
          unitPrice: standard.amount,
          amount: standard.amount,
          sort: 0,
        })),
      })
      for (const r of rows) {
        made.push(r.id)
        await recordFeeMessage({
          tx,
          kind: MessageKind.feeOrder,
          orderId: r.id,
          body: `您有一笔${standard.feeKind}待缴：「${standard.name}」${yuan(standard.amount)}，请及时缴纳`,
          dedupe: `feeOrder:${r.id}`,
          recipients: repo.recipient({ studentId: r.studentId! }),
          now,
        })
      }
    }
    const skipped = Math.max(0, total - made.length)
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'feeOrder.bulkCreate',
        entityType: 'feeStandard',
        entityId: standard.id,
        summary: `按收费标准「${standard.name}」（${standard.school} ${standard.major} ${standard.level}，${standard.academicYear}）批量开具缴费单${made.length}张，已有${skipped}人跳过`,
        after: { created: made.length, skipped, amount: standard.amount },
      },
    })
    return { created: made.length, skipped }
  })
}

/** Cancels a fee order not paid yet (待支付, 支付中, 支付失败): 已取消; its coupon may be used again. A late payment is refunded (onFeeOrderPaid). */
export async function cancelFeeOrder({ db, id, reason, actor, now = new Date() }: ReasonedAct) {
  return db.transaction(async (tx) => {
    const order = await createOrdersRepository({ db: tx }).findByIdForUpdate({ id })
    if (!order || !order.studentId || !order.feeKind) throw createFeeOrderNotFoundError()
    if (order.payStatus === OrderPayStatus.paid || order.payStatus === OrderPayStatus.cancelled) throw createCancelRefusedError()
    const updated = await createOrdersRepository({ db: tx }).update({
      id,
      values: { payStatus: OrderPayStatus.cancelled, cancelledAt: now, cancelReason: reason },
    })
    await createFeesRepository({ db: tx }).releaseCoupon({ orderId: id, now })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'feeOrder.cancel',
        entityType: 'order',
        entityId: id,
        summary: `取消缴费单${order.orderNo}「${order.title}」：${reason}`,
        before: { payStatus: order.payStatus },
        after: { payStatus: updated.payStatus, cancelReason: reason },
      },
    })
    return updated
  })
}

// Reads

export type { FeeOrderFilter } from './fees.repository.ts'
export type FeeOrderListRow = Awaited<ReturnType<ReturnType<typeof createFeesRepository>['listFeeOrders']>>['rows'][number]

/** Fee orders with their student, coupon code and valid receipt; the client's ordering puts unpaid first. */
export async function listFeeOrders({
  db,
  filter,
  page,
  size,
  clientOrdering = false,
}: {
  db: Executor
  filter: FeeOrderFilter
  page: number
  size: number
  clientOrdering?: boolean
}) {
  return createFeesRepository({ db }).listFeeOrders({ filter, page, size, clientOrdering })
}

/** How many fee orders the console's list shows for this filter (工作台: `refundStatus=退款中`). */
export async function countFeeOrders({ db, filter }: { db: Executor; filter: FeeOrderFilter }) {
  return createFeesRepository({ db }).countFeeOrders(filter)
}

const itemsOfOrders = ({ db, orderIds }: { db: Executor; orderIds: number[] }) => createOrdersRepository({ db }).items({ orderIds })

/** The console's page of fee orders, each with its items. */
export async function listAdminFeeOrders({ db, filter, page, size }: { db: Executor; filter: FeeOrderFilter; page: number; size: number }) {
  const { rows, total } = await listFeeOrders({ db, filter, page, size })
  const items = await itemsOfOrders({ db, orderIds: rows.map((r) => r.order.id) })
  return { list: rows.map((r) => toAdminFeeOrder(r, items)), total, page, size }
}

/** The student's page of fee orders (unpaid first), each with its items. */
export async function listClientFeeOrders({
  db,
  studentId,
  payStatus,
  page,
  size,
}: {
  db: Executor
  studentId: number
  payStatus?: string
  page: number
  size: number
}) {
  const { rows, total } = await listFeeOrders({ db, filter: { studentId, payStatus }, page, size, clientOrdering: true })
  const items = await itemsOfOrders({ db, orderIds: rows.map((r) => r.order.id) })
  return { list: rows.map((r) => toFeeOrder(r.order, items, r.receiptId)), total, page, size }
}

/** One fee order for the console: its refunds, receipts and what may still be refunded. */
export async function feeOrderDetail({ db, id }: { db: Executor; id: number }) {
  const repo = createFeesRepository({ db })
  const order = await createOrdersRepository({ db }).findById({ id })
  if (!order?.studentId || !order.feeKind) throw createFeeOrderNotFoundError()
  const { rows } = await repo.listFeeOrders({ filter: { studentId: order.studentId, keyword: order.orderNo }, page: 1, size: 1 })
  const row = rows[0]
  if (!row) throw createFeeOrderNotFoundError()
  const [refunds, receipts] = await Promise.all([repo.refunds({ orderId: id }), repo.receiptsOf({ orderId: id })])
  const reserved = refunds.filter((r) => r.status !== '退款失败').reduce((t, r) => t + r.amount, 0)
  return {
    ...toAdminFeeOrder(row, await itemsOfOrders({ db, orderIds: [id] })),
    refunds: refunds.map(toRefund),
    receipts: receipts.map((r) => toReceipt(r, order.orderNo)),
    refundable: order.payStatus === '支付成功' ? Math.max(0, payableOf(order) - reserved) : 0,
  }
}

/** How many of the student's fee orders are still to pay (待支付, 支付中, 支付失败). */
export async function unpaidFeeOrderCount({ db, studentId }: { db: Executor; studentId: number }) {
  return createFeesRepository({ db }).unpaidCountForStudent({ studentId })
}

/** Tuition per student (学费 orders): paid ones, and the count and fen still to pay; a student without any is absent. */
export async function tuitionOfStudents({ db, studentIds }: { db: Executor; studentIds: number[] }) {
  const rows = await createFeesRepository({ db }).tuitionByStudent({ studentIds })
  return new Map(rows.map((r) => [Number(r.studentId), { paid: r.paid, unpaid: r.unpaid, unpaidAmount: r.unpaidAmount }]))
}

/** Has a clue's student paid tuition? Their id and name, and whether they hold a paid tuition order. */
export async function tuitionOfClue({ db, clueId }: { db: Executor; clueId: number }) {
  const repo = createFeesRepository({ db })
  const student = await repo.studentOfClue({ clueId })
  if (!student) return undefined
  return { student, paid: await repo.holdsPaidTuition({ studentId: student.id }) }
}
