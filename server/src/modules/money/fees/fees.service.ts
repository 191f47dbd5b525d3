import crypto from 'node:crypto'
import { formatYuan } from '@activity/money'
import { rmbCapitals } from '@activity/domain'
import { sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { PayGatewayError, type PayGateway } from '../../../gateways/pay/index.ts'
import { CouponKind, CouponStatus, FeeKind, MessageKind, OrderPayStatus, ReceiptStatus, RefundStatus, SettingKey } from '../../../wire.ts'
import { type Actor, recordAudit } from '../../platform/index.ts'
import { clawBackTuitionCommission, releaseTuitionCommission } from '../../partner-programme/index.ts'
import { isUniqueViolation } from '../../partner-programme/index.ts'
import { recordFeeMessage } from '../../platform/index.ts'
import {
  createOrderNotFoundError,
  createOrdersRepository,
  newOrderNo,
  type OrderItemRow,
  type OrderRow,
  orderItems,
  orders,
  payableOf,
} from '../orders/index.ts'
import { readSetting, readSettings } from '../../platform/index.ts'
import {
  createCancelRefusedError,
  createCouponDuplicateError,
  createCouponInvalidError,
  createCouponNotFoundError,
  createCouponOrderError,
  createCouponVoidRefusedError,
  createDuplicateFeeOrderError,
  createFeeOrderNotFoundError,
  createFeeOrderTotalError,
  createReceiptNotFoundError,
  createReceiptStateError,
  createRefundNotFoundError,
  createRefundRefusedError,
  createRefundTooMuchError,
  createStandardMismatchError,
  createStandardNotFoundError,
  createStudentNotFoundError,
} from './fees.errors.ts'
import { type CouponRow, createFeesRepository, type FeeStandardRow, type ReceiptRow, type RefundRow } from './fees.repository.ts'

const yuan = (fen: number) => formatYuan(fen, { grouping: false })
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null
/** Asia/Shanghai calendar day, yyyymmdd. */
const shanghaiDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '')

export const AUTO_REFUND_REASON = '订单已取消，自动退款'
/** Advisory lock class of "raise a standard's orders" (the second key is the standard). */
const BULK_LOCK = 2501

type Item = { name: string; quantity: number; unitPrice: number; amount: number }
const itemsOf = (orderId: number, items: OrderItemRow[]): Item[] =>
  items.filter((i) => i.orderId === orderId).map((i) => ({ name: i.name, quantity: i.quantity, unitPrice: i.unitPrice, amount: i.amount }))

export function toStandard(s: FeeStandardRow) {
  return {
    id: s.id,
    school: s.school,
    major: s.major,
    level: s.level,
    batchYear: s.batchYear,
    batch: s.batch,
    feeKind: s.feeKind,
    academicYear: s.academicYear,
    name: s.name,
    amount: s.amount,
    createdAt: s.createdAt.toISOString(),
  }
}

export function toFeeOrder(o: OrderRow, items: OrderItemRow[], receiptId: number | null) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    title: o.title,
    feeKind: o.feeKind ?? FeeKind.other,
    academicYear: o.academicYear,
    amount: o.amount,
    discount: o.discount,
    payAmount: payableOf(o),
    refunded: o.refunded,
    payStatus: o.payStatus,
    paidAt: iso(o.paidAt),
    cancelledAt: iso(o.cancelledAt),
    cancelReason: o.cancelReason,
    createdAt: o.createdAt.toISOString(),
    items: itemsOf(o.id, items),
    receiptId,
  }
}

export function toAdminFeeOrder(
  r: {
    order: OrderRow
    studentName: string
    studentPhone: string
    school: string
    major: string
    couponCode: string | null
    receiptId: number | null
  },
  items: OrderItemRow[],
) {
  return {
    ...toFeeOrder(r.order, items, r.receiptId),
    studentId: r.order.studentId!,
    studentName: r.studentName,
    studentPhone: r.studentPhone,
    school: r.school,
    major: r.major,
    feeStandardId: r.order.feeStandardId,
    channel: r.order.channel,
    provider: r.order.provider,
    transactionId: r.order.transactionId,
    couponCode: r.couponCode,
    remark: r.order.remark,
  }
}

export const toRefund = (r: RefundRow) => ({
  id: r.id,
  refundNo: r.refundNo,
  amount: r.amount,
  reason: r.reason,
  status: r.status,
  provider: r.provider,
  providerRefundId: r.providerRefundId,
  failReason: r.failReason,
  auto: r.auto,
  createdAt: r.createdAt.toISOString(),
  doneAt: iso(r.doneAt),
})

export const toReceipt = (r: ReceiptRow, orderNo: string) => ({
  id: r.id,
  receiptNo: r.receiptNo,
  orderId: r.orderId,
  orderNo,
  payer: r.payer,
  items: r.items as Item[],
  amount: r.amount,
  amountCapitals: r.amountCapitals,
  paidAt: r.paidAt.toISOString(),
  payee: r.payee,
  seal: r.seal || null,
  status: r.status,
  voidedAt: iso(r.voidedAt),
  voidReason: r.voidReason,
  replacesId: r.replacesId,
  createdAt: r.createdAt.toISOString(),
})

export function couponStatusOf(c: CouponRow, now = new Date()): CouponStatus {
  if (c.status === CouponStatus.unused && c.expiresAt <= now) return CouponStatus.expired
  return c.status as CouponStatus
}

export const toCoupon = (c: CouponRow, studentName: string | null, now = new Date()) => ({
  id: c.id,
  code: c.code,
  kind: c.kind,
  value: c.value,
  studentId: c.studentId,
  studentName,
  expiresAt: c.expiresAt.toISOString(),
  status: couponStatusOf(c, now),
  orderId: c.orderId,
  discount: c.discount,
  usedAt: iso(c.usedAt),
  voidedAt: iso(c.voidedAt),
  voidReason: c.voidReason,
  batchNo: c.batchNo,
  remark: c.remark,
  createdAt: c.createdAt.toISOString(),
})

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
    if (
      isUniqueViolation(error) &&
      /orders_student_standard_year_uq/.test(`${String(error)} ${String((error as { cause?: unknown }).cause ?? '')}`)
    )
      throw createDuplicateFeeOrderError()
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
      const rows = await tx
        .insert(orders)
        .values(
          chunk.map((s) => ({
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
        )
        .returning({ id: orders.id, studentId: orders.studentId })
      await tx.insert(orderItems).values(
        rows.map((r) => ({
          orderId: r.id,
          name: standard.name,
          quantity: 1,
          unitPrice: standard.amount,
          amount: standard.amount,
          sort: 0,
        })),
      )
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
export async function cancelFeeOrder({
  db,
  id,
  reason,
  actor,
  now = new Date(),
}: {
  db: Executor
  id: number
  reason: string
  actor: Actor
  now?: Date
}) {
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

/**
 * A student uses a coupon code on an unpaid order of theirs: the order is locked, then the code;
 * a code used once (the using UPDATE takes only an unused one), one coupon per order. 金额券 takes
 * its value off (leaving at least 0.01); 折扣券 makes the order cost value% (rounded down, ≥ 0.01).
 */
export async function activateCoupon({
  db,
  studentId,
  code,
  orderId,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  code: string
  orderId: number
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const ordersRepo = createOrdersRepository({ db: tx })
    const repo = createFeesRepository({ db: tx })
    const order = await ordersRepo.findByIdForUpdate({ id: orderId })
    if (!order || order.studentId !== studentId) throw createOrderNotFoundError()
    if (order.payStatus === OrderPayStatus.paid) throw createCouponOrderError({ message: '订单已支付，不能再使用优惠券' })
    if (order.payStatus === OrderPayStatus.cancelled) throw createCouponOrderError({ message: '订单已取消' })
    if (order.payStatus === OrderPayStatus.paying) throw createCouponOrderError({ message: '订单支付中，请稍后再试' })
    if (order.couponId) throw createCouponOrderError({ message: '该订单已使用优惠券' })
    const coupon = await repo.findCouponByCode({ code, forUpdate: true })
    if (!coupon || (coupon.studentId !== null && coupon.studentId !== studentId)) throw createCouponInvalidError()
    const status = couponStatusOf(coupon, now)
    if (status === CouponStatus.used) throw createCouponInvalidError({ message: '该优惠券已被使用' })
    if (status === CouponStatus.voided) throw createCouponInvalidError({ message: '该优惠券已作废' })
    if (status === CouponStatus.expired) throw createCouponInvalidError({ message: '该优惠券已过期' })
    const pay =
      coupon.kind === CouponKind.rate
        ? Math.max(1, Math.floor((order.amount * coupon.value) / 100))
        : Math.max(1, order.amount - coupon.value)
    const discount = order.amount - pay
    if (discount <= 0) throw createCouponOrderError({ message: '该订单金额过低，无法使用此优惠券' })
    const used = await repo.useCoupon({ id: coupon.id, orderId, discount, now })
    if (!used) throw createCouponInvalidError({ message: '该优惠券已被使用' })
    await ordersRepo.update({ id: orderId, values: { discount, couponId: coupon.id } })
    return { orderId, code: coupon.code, amount: order.amount, discount, payAmount: pay }
  })
}

const COUPON_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const randomCode = () => Array.from({ length: 10 }, () => COUPON_ALPHABET[crypto.randomInt(0, COUPON_ALPHABET.length)]).join('')

/** Makes one coupon (a given code) or a batch of random codes, audited. */
export async function createCoupons({
  db,
  input,
  actor,
}: {
  db: Executor
  input: { code?: string; count?: number; kind: CouponKind; value: number; expiresAt: Date; studentId?: number; remark?: string }
  actor: Actor
}) {
  const count = input.code ? 1 : (input.count ?? 1)
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const repo = createFeesRepository({ db: tx })
        if (input.studentId && !(await repo.findStudent({ id: input.studentId }))) throw createStudentNotFoundError()
        const batchNo = count > 1 ? `B${shanghaiDay(new Date())}${String(crypto.randomInt(0, 10000)).padStart(4, '0')}` : null
        const rows = await repo.insertCoupons(
          Array.from({ length: count }, () => ({
            code: input.code ?? randomCode(),
            kind: input.kind,
            value: input.value,
            studentId: input.studentId ?? null,
            expiresAt: input.expiresAt,
            status: CouponStatus.unused,
            batchNo,
            remark: input.remark ?? null,
            createdBy: actor.id,
          })),
        )
        const worth = input.kind === CouponKind.rate ? `按${input.value}%支付` : `减${yuan(input.value)}`
        await recordAudit({
          tx,
          actor,
          entry: {
            action: 'coupon.create',
            entityType: 'coupon',
            entityId: rows.length === 1 ? rows[0]!.id : (batchNo ?? rows[0]!.id),
            summary:
              rows.length === 1
                ? `创建优惠券${rows[0]!.code}（${input.kind}，${worth}）`
                : `批量创建优惠券${rows.length}张（批次${batchNo}，${input.kind}，${worth}）`,
            after: { count: rows.length, kind: input.kind, value: input.value, expiresAt: input.expiresAt.toISOString(), batchNo },
          },
        })
        return rows
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        if (input.code) throw createCouponDuplicateError()
        if (attempt < 3) continue
      }
      throw error
    }
  }
}

export async function voidCoupon({
  db,
  id,
  reason,
  actor,
  now = new Date(),
}: {
  db: Executor
  id: number
  reason: string
  actor: Actor
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createFeesRepository({ db: tx })
    const coupon = await repo.findCoupon({ id })
    if (!coupon) throw createCouponNotFoundError()
    const voided = await repo.voidCoupon({ id, reason, now })
    if (!voided) throw createCouponVoidRefusedError()
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'coupon.void',
        entityType: 'coupon',
        entityId: id,
        summary: `作废优惠券${coupon.code}：${reason}`,
        before: { status: coupon.status },
        after: { status: voided.status, voidReason: reason },
      },
    })
    return voided
  })
}

// Receipts

/** Issues a paid order's receipt (in the paid transaction, or a reissue's): the day's next number, payee and seal from settings. */
async function issueReceipt({ tx, order, replacesId, now }: { tx: Executor; order: OrderRow; replacesId?: number; now: Date }) {
  const repo = createFeesRepository({ db: tx })
  const student = order.studentId ? await repo.findStudent({ id: order.studentId }) : undefined
  const items = itemsOf(order.id, await createOrdersRepository({ db: tx }).items({ orderIds: [order.id] }))
  // A coupon's discount is a line of its own, so the lines add up to what was paid.
  if (order.discount > 0) items.push({ name: '优惠券减免', quantity: 1, unitPrice: -order.discount, amount: -order.discount })
  const settings = await readSettings({ db: tx })
  const day = shanghaiDay(now)
  const seq = await repo.nextReceiptSequence({ day })
  const amount = payableOf(order)
  return repo.insertReceipt({
    receiptNo: `SJ${day}${String(seq).padStart(6, '0')}`,
    orderId: order.id,
    studentId: order.studentId,
    payer: student?.name ?? '',
    items,
    amount,
    amountCapitals: rmbCapitals(amount),
    paidAt: order.paidAt ?? now,
    payee: settings[SettingKey.receiptPayee],
    seal: settings[SettingKey.receiptSeal] || null,
    status: ReceiptStatus.valid,
    replacesId: replacesId ?? null,
    createdAt: now,
  })
}

export async function voidReceipt({
  db,
  id,
  reason,
  actor,
  now = new Date(),
}: {
  db: Executor
  id: number
  reason: string
  actor: Actor
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createFeesRepository({ db: tx })
    const receipt = await repo.findReceipt({ id, forUpdate: true })
    if (!receipt) throw createReceiptNotFoundError()
    if (receipt.status !== ReceiptStatus.valid) throw createReceiptStateError()
    const voided = await repo.updateReceipt({
      id,
      values: { status: ReceiptStatus.voided, voidedAt: now, voidReason: reason, voidedBy: actor.id },
    })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'receipt.void',
        entityType: 'receipt',
        entityId: id,
        summary: `作废收据${receipt.receiptNo}：${reason}`,
        before: { status: receipt.status },
        after: { status: voided.status, voidReason: reason },
      },
    })
    return voided
  })
}

/** Reissues a receipt: a new number for the same paid order, linked to the old one, which becomes (or stays) 已作废. */
export async function reissueReceipt({ db, id, actor, now = new Date() }: { db: Executor; id: number; actor: Actor; now?: Date }) {
  return db.transaction(async (tx) => {
    const repo = createFeesRepository({ db: tx })
    const old = await repo.findReceipt({ id, forUpdate: true })
    if (!old) throw createReceiptNotFoundError()
    const order = await createOrdersRepository({ db: tx }).findByIdForUpdate({ id: old.orderId })
    if (!order || order.payStatus !== OrderPayStatus.paid) throw createReceiptStateError({ message: '订单未支付，不能补开收据' })
    const current = await repo.validReceiptOf({ orderId: old.orderId })
    if (current && current.id !== old.id) throw createReceiptStateError({ message: `该订单已有有效收据${current.receiptNo}，请先作废` })
    if (old.status === ReceiptStatus.valid)
      await repo.updateReceipt({ id, values: { status: ReceiptStatus.voided, voidedAt: now, voidReason: '重开收据', voidedBy: actor.id } })
    const fresh = await issueReceipt({ tx, order, replacesId: old.id, now })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'receipt.reissue',
        entityType: 'receipt',
        entityId: fresh.id,
        summary: `重开收据${fresh.receiptNo}（原收据${old.receiptNo}已作废）`,
        before: { receiptNo: old.receiptNo },
        after: { receiptNo: fresh.receiptNo },
      },
    })
    return fresh
  })
}

// Paid and refunds

/**
 * In the paid notification's transaction, for a fee order: a cancelled one gets a full refund
 * queued (退款中, sent after the commit by afterFeeOrderPaid); otherwise its receipt is issued and,
 * for 学费, its student's deal commission waiting for tuition is released.
 */
export async function onFeeOrderPaid({ tx, order, now = new Date() }: { tx: Executor; order: OrderRow; now?: Date }) {
  if (!order.studentId || !order.feeKind) return
  const repo = createFeesRepository({ db: tx })
  if (order.cancelledAt) {
    const free = payableOf(order) - (await repo.refundedOrPending({ orderId: order.id }))
    if (free > 0)
      await repo.insertRefund({
        orderId: order.id,
        refundNo: refundNo(now),
        amount: free,
        reason: AUTO_REFUND_REASON,
        status: RefundStatus.pending,
        provider: order.provider,
        auto: true,
        createdAt: now,
      })
    return
  }
  await issueReceipt({ tx, order, now })
  if (order.feeKind === FeeKind.tuition) {
    const student = await repo.findStudent({ id: order.studentId })
    if (student?.clueId) await releaseTuitionCommission({ tx, clueId: student.clueId, now })
  }
}

const refundNo = (now: Date) => `R${newOrderNo(now)}`

/** After a paid notification commits: its queued refunds go to the provider. */
export async function afterFeeOrderPaid({ db, pay, orderId }: { db: Executor; pay: PayGateway; orderId: number }) {
  for (const r of await createFeesRepository({ db }).pendingRefunds({ orderId })) await sendRefund({ db, pay, refundId: r.id })
}

/**
 * Finance refunds part or all of a paid fee order. First a transaction locks the order, checks the
 * amount against what was paid less every refund 退款中 or 已退款, and records the refund 退款中
 * (audited); then the provider is asked (outside any transaction); its answer settles the refund.
 */
export async function requestRefund({
  db,
  pay,
  id,
  amount,
  reason,
  actor,
  now = new Date(),
}: {
  db: Executor
  pay: PayGateway
  id: number
  amount: number
  reason: string
  actor: Actor
  now?: Date
}) {
  const refund = await db.transaction(async (tx) => {
    const order = await createOrdersRepository({ db: tx }).findByIdForUpdate({ id })
    if (!order || !order.studentId || !order.feeKind) throw createFeeOrderNotFoundError()
    if (order.payStatus !== OrderPayStatus.paid) throw createRefundRefusedError()
    const repo = createFeesRepository({ db: tx })
    const free = payableOf(order) - (await repo.refundedOrPending({ orderId: id }))
    if (amount > free) throw createRefundTooMuchError({ message: `退款金额超过可退金额（可退${yuan(Math.max(0, free))}）` })
    const row = await repo.insertRefund({
      orderId: id,
      refundNo: refundNo(now),
      amount,
      reason,
      status: RefundStatus.pending,
      provider: order.provider,
      createdBy: actor.id,
      createdAt: now,
    })
    await recordAudit({
      tx,
      actor,
      entry: {
        action: 'feeOrder.refund',
        entityType: 'order',
        entityId: id,
        summary: `缴费单${order.orderNo}退款${yuan(amount)}：${reason}`,
        after: { refundId: row.id, refundNo: row.refundNo, amount, reason },
      },
    })
    return row
  })
  return sendRefund({ db, pay, refundId: refund.id, now })
}

/**
 * Asks the provider for a refund still 退款中 (its number makes a repeat harmless) and settles it:
 * 已退款 adds to the order's refunded amount and tells the student, and a tuition order wholly
 * refunded with commission.untilTuitionPaid on claws back its student's deal commission; a definite
 * refusal makes it 退款失败 (its amount free again); an unknown outcome leaves it 退款中.
 */
export async function sendRefund({ db, pay, refundId, now = new Date() }: { db: Executor; pay: PayGateway; refundId: number; now?: Date }) {
  const repo = createFeesRepository({ db })
  const refund = await repo.findRefund({ id: refundId })
  if (!refund) throw createRefundNotFoundError()
  if (refund.status !== RefundStatus.pending) return refund
  const order = await createOrdersRepository({ db }).findById({ id: refund.orderId })
  if (!order) throw createFeeOrderNotFoundError()
  const provider = order.provider ? pay.find(order.provider) : undefined
  let result: { status: 'done' | 'pending'; providerRefundId: string | null } | { status: 'failed'; reason: string }
  if (!provider) result = { status: 'failed', reason: '原支付渠道未开通，无法原路退款' }
  else {
    try {
      result = await provider.refund({
        orderNo: order.orderNo,
        refundNo: refund.refundNo,
        amount: refund.amount,
        total: payableOf(order),
        reason: refund.reason,
      })
    } catch (error) {
      if (!(error instanceof PayGatewayError)) throw error
      if (!error.refused) return refund
      result = { status: 'failed', reason: error.refused.message || error.publicMessage }
    }
  }
  if (result.status === 'pending') {
    if (result.providerRefundId) await repo.noteProviderRefund({ id: refund.id, providerRefundId: result.providerRefundId })
    return { ...refund, providerRefundId: result.providerRefundId }
  }
  if (result.status === 'failed') return markRefundFailed({ db, refundId: refund.id, reason: result.reason, now })
  return markRefundDone({ db, refundId: refund.id, providerRefundId: result.providerRefundId, now })
}

export const STALE_REFUND_AFTER_MS = 2 * 60 * 1000
const STALE_REFUND_BATCH = 50

/**
 * Refunds left 退款中 for over 2 minutes (the process stopped before asking the provider, the
 * provider did not answer, or its notification was lost) are asked again by their own refund
 * number, which the provider treats as the same refund: never paid twice. Settling is guarded as
 * everywhere (one answer wins), so several processes may run this at once. One refund's failure
 * does not stop the rest.
 */
export async function retryStaleRefunds({
  db,
  pay,
  now = new Date(),
  log,
}: {
  db: Executor
  pay: PayGateway
  now?: Date
  log?: { warn: (obj: object, msg: string) => void }
}): Promise<{ asked: number; settled: number }> {
  const stale = await createFeesRepository({ db }).staleRefunds({
    before: new Date(now.getTime() - STALE_REFUND_AFTER_MS),
    limit: STALE_REFUND_BATCH,
  })
  let settled = 0
  for (const { id } of stale) {
    try {
      const refund = await sendRefund({ db, pay, refundId: id, now })
      if (refund.status !== RefundStatus.pending) settled += 1
    } catch (error) {
      log?.warn({ err: error, refundId: id }, 'asking the provider again for a refund failed')
    }
  }
  return { asked: stale.length, settled }
}

/** A refund 退款中 the provider refused: 退款失败, its amount free to refund again. */
async function markRefundFailed({ db, refundId, reason, now }: { db: Executor; refundId: number; reason: string; now: Date }) {
  const repo = createFeesRepository({ db })
  const settled = await repo.settleRefund({ id: refundId, values: { status: RefundStatus.failed, failReason: reason, doneAt: now } })
  return settled ?? (await repo.findRefund({ id: refundId }))!
}

/**
 * A refund 退款中 the provider completed, in one transaction with the order locked: 已退款, added
 * to the order's refunded amount, the student told; a tuition order wholly refunded with
 * commission.untilTuitionPaid on claws back its student's deal commission. A second answer for
 * the same refund changes nothing.
 */
async function markRefundDone({
  db,
  refundId,
  providerRefundId,
  now,
}: {
  db: Executor
  refundId: number
  providerRefundId: string | null
  now: Date
}) {
  return db.transaction(async (tx) => {
    const r = createFeesRepository({ db: tx })
    const refund = (await r.findRefund({ id: refundId }))!
    const orders = createOrdersRepository({ db: tx })
    const locked = await orders.findByIdForUpdate({ id: refund.orderId })
    const settled = await r.settleRefund({
      id: refundId,
      values: { status: RefundStatus.done, providerRefundId: providerRefundId ?? refund.providerRefundId, doneAt: now },
    })
    if (!settled || !locked) return (await r.findRefund({ id: refundId }))!
    const updated = await orders.update({ id: locked.id, values: { refunded: locked.refunded + settled.amount } })
    await recordFeeMessage({
      tx,
      kind: MessageKind.feeRefunded,
      orderId: locked.id,
      body: `您的缴费单「${locked.title}」已退款${yuan(settled.amount)}（${settled.reason}），款项将原路退回`,
      dedupe: `feeRefund:${settled.id}`,
      recipients: r.recipient({ studentId: locked.studentId! }),
      now,
    })
    if (
      updated.feeKind === FeeKind.tuition &&
      !updated.cancelledAt &&
      updated.refunded >= payableOf(updated) &&
      (await readSetting({ db: tx, key: SettingKey.commissionUntilTuitionPaid }))
    ) {
      const student = await r.findStudent({ id: updated.studentId! })
      if (student?.clueId && !(await r.holdsPaidTuition({ studentId: student.id })))
        await clawBackTuitionCommission({ tx, clueId: student.clueId, reason: `学员学费已退款：${settled.reason}`, now })
    }
    return settled
  })
}

/** The provider's notification about a refund (WeChat's REFUND.* events) settles it, once. */
export async function onRefundNotice({
  db,
  refundNo,
  result,
  providerRefundId,
  reason,
  now = new Date(),
}: {
  db: Executor
  refundNo: string
  result: 'success' | 'fail'
  providerRefundId: string | null
  reason: string | null
  now?: Date
}): Promise<void> {
  const refund = await createFeesRepository({ db }).findRefundByNo({ refundNo })
  if (!refund || refund.status !== RefundStatus.pending) return
  if (result === 'success') await markRefundDone({ db, refundId: refund.id, providerRefundId, now })
  else await markRefundFailed({ db, refundId: refund.id, reason: reason ?? '退款失败', now })
}

/** The fee details a student's order detail adds: refunds, the valid receipt, the coupon used. */
export async function clientOrderExtras({ db, order }: { db: Executor; order: OrderRow }) {
  const repo = createFeesRepository({ db })
  const [refunds, receipt, coupon] = await Promise.all([
    repo.refunds({ orderId: order.id }),
    repo.validReceiptOf({ orderId: order.id }),
    order.couponId ? repo.findCoupon({ id: order.couponId }) : Promise.resolve(undefined),
  ])
  return {
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: r.amount,
      reason: r.reason,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      doneAt: iso(r.doneAt),
    })),
    receiptId: receipt?.id ?? null,
    couponCode: coupon?.code ?? null,
  }
}
