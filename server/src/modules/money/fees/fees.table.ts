import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { admins } from '../../platform/admins/admins.table.ts'
import { orders } from '../orders/orders.table.ts'
import { students } from '../../roll/students/students.table.ts'

/**
 * A fee standard (收费标准): what students of a school, major and level (and batch, or every batch)
 * pay for a kind of fee in an academic year. Fee orders are raised from it, singly or for a batch.
 */
export const feeStandards = pgTable(
  'fee_standards',
  {
    id: id(),
    school: text('school').notNull(),
    major: text('major').notNull(),
    /** StudentLevel label. */
    level: text('level').notNull(),
    /** Null: every batch year. */
    batchYear: integer('batch_year'),
    /** Null: every batch of the year. */
    batch: integer('batch'),
    /** FeeKind label. */
    feeKind: text('fee_kind').notNull(),
    /** '2026-2027'. */
    academicYear: text('academic_year').notNull(),
    name: text('name').notNull(),
    /** Fen, positive. */
    amount: integer('amount').notNull(),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('fee_standards_created_idx').on(t.createdAt, t.id),
    index('fee_standards_school_major_idx').on(t.school, t.major, t.level),
    check('fee_standards_amount_positive', sql`${t.amount} > 0`),
    check('fee_standards_batch_needs_year', sql`${t.batch} IS NULL OR ${t.batchYear} IS NOT NULL`),
  ],
)

/**
 * A refund of a paid order, whole or part. Made `退款中` in one transaction that checks the order's
 * refunds (pending and done) never add up to more than was paid; the provider is asked after the
 * commit; the answer marks it 已退款 (adding to orders.refunded) or 退款失败 (its amount free again).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The merchant refund number sent to the provider (out_refund_no / out_request_no). */
    refundNo: text('refund_no').notNull().unique(),
    /** Fen, positive. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** RefundStatus label. */
    status: text('status').notNull(),
    provider: text('provider'),
    /** The provider's refund id. */
    providerRefundId: text('provider_refund_id'),
    failReason: text('fail_reason'),
    /** Made by the server (a paid notification for a cancelled order), not by an operator. */
    auto: boolean('auto').notNull().default(false),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    doneAt: ts('done_at'),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.id),
    index('order_refunds_status_idx').on(t.status, t.id),
    check('order_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
)

/**
 * An electronic receipt (收据) of a paid order, issued in the paid transaction: SJ + yyyymmdd +
 * 6-digit sequence of its day. Voided (已作废) with a reason and reissued as a new one linked to
 * the old: one valid receipt per order.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    receiptNo: text('receipt_no').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    studentId: integer('student_id').references(() => students.id),
    payer: text('payer').notNull(),
    /** [{name, quantity, unitPrice, amount}] in fen, as the order's items were. */
    items: jsonb('items').notNull(),
    /** Fen paid. */
    amount: integer('amount').notNull(),
    /** The amount in Chinese capitals. */
    amountCapitals: text('amount_capitals').notNull(),
    paidAt: ts('paid_at').notNull(),
    payee: text('payee').notNull(),
    /** The seal image (URL or key), from the setting receipt.seal when issued. */
    seal: text('seal'),
    /** ReceiptStatus label. */
    status: text('status').notNull(),
    voidedAt: ts('voided_at'),
    voidReason: text('void_reason'),
    voidedBy: integer('voided_by').references(() => admins.id, { onDelete: 'set null' }),
    /** The receipt this one replaces (a reissue). */
    replacesId: integer('replaces_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('receipts_order_idx').on(t.orderId, t.id),
    uniqueIndex('receipts_order_valid_uq')
      .on(t.orderId)
      .where(sql`${t.status} = '有效'`),
  ],
)

/** The last receipt sequence of each day (Asia/Shanghai, yyyymmdd), taken by an atomic upsert. */
export const receiptSequences = pgTable('receipt_sequences', {
  day: text('day').primaryKey(),
  last: integer('last').notNull(),
})

/**
 * A coupon code (优惠券): an amount off (fen) or a rate (pay value% of the amount), for one order of
 * its student (any student when unassigned), before it expires. Used once: the using UPDATE only
 * takes an unused code, and an order holds at most one coupon.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull().unique(),
    /** CouponKind label. */
    kind: text('kind').notNull(),
    /** Fen off (金额券) or the percentage paid, 1-99 (折扣券). */
    value: integer('value').notNull(),
    /** Only this student may use it; null: anyone. */
    studentId: integer('student_id').references(() => students.id),
    expiresAt: ts('expires_at').notNull(),
    /** CouponStatus label as stored: 未使用, 已使用, 已作废 (已过期 is read from expiresAt). */
    status: text('status').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    /** Fen it took off its order. */
    discount: integer('discount'),
    usedAt: ts('used_at'),
    voidedAt: ts('voided_at'),
    voidReason: text('void_reason'),
    /** Codes made together share it. */
    batchNo: text('batch_no'),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('coupons_created_idx').on(t.createdAt, t.id),
    index('coupons_status_created_idx').on(t.status, t.createdAt, t.id),
    uniqueIndex('coupons_order_uq')
      .on(t.orderId)
      .where(sql`${t.orderId} IS NOT NULL`),
    check('coupons_value_positive', sql`${t.value} > 0`),
    check('coupons_rate_range', sql`${t.kind} <> '折扣券' OR ${t.value} BETWEEN 1 AND 99`),
  ],
)
