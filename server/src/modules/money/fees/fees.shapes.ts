import { beijingDate } from '@activity/domain'
// How fees' rows are answered (console and client), and the small formatting helpers the fee files share.
import { formatYuan } from '@activity/money'
import { CouponStatus, FeeKind } from '../../../wire.ts'
import { type OrderItemRow, type OrderRow, payableOf } from '../orders/index.ts'
import type { CouponRow, FeeStandardRow, ReceiptRow, RefundRow } from './fees.repository.ts'

export const yuan = (fen: number) => formatYuan(fen, { grouping: false })
export const iso = (d: Date | null | undefined) => d?.toISOString() ?? null
/** Asia/Shanghai calendar day, yyyymmdd. */
/** The Beijing day as eight digits (receipt and coupon batch numbers). */
export const dayDigits = (d: Date) => beijingDate(d).replace(/-/g, '')

export type Item = { name: string; quantity: number; unitPrice: number; amount: number }
export const itemsOf = (orderId: number, items: OrderItemRow[]): Item[] =>
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
