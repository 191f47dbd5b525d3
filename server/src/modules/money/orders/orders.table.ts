import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { accounts } from '../../platform/accounts/accounts.table.ts'
import { admins } from '../../platform/admins/admins.table.ts'
import { partners } from '../../partner-programme/partners/partners.table.ts'
import { students } from '../../roll/students/students.table.ts'

/**
 * An order a person pays (付款): one the office raises for a partner, or a course a student buys.
 * The payer is the account; an order naming only the partner gets the partner's account from the
 * database (trigger orders_account, migration 0012). Its amount is the sum of its items and never changes.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** The merchant order number sent to the pay provider (out_trade_no). */
    orderNo: text('order_no').notNull().unique(),
    /** The payer. */
    accountId: integer('account_id')
      .notNull()
      .default(0)
      .references(() => accounts.id),
    /** The partner the office raised the order for (null: a student's course order). */
    partnerId: integer('partner_id').references(() => partners.id),
    /** The course a student buys with it (courses.id; its enrolment is made by the paid notification). */
    courseId: integer('course_id'),
    title: text('title').notNull(),
    /** Fen, positive. */
    amount: integer('amount').notNull(),
    /** OrderPayStatus label: 待支付 -> 支付中 -> 支付成功 | 支付失败 (a failed one may be paid again). */
    payStatus: text('pay_status').notNull(),
    /** PayChannel of the latest attempt. */
    channel: text('channel'),
    /** Pay provider of the latest attempt (sandbox, wechatpay). */
    provider: text('provider'),
    /** The provider's transaction id, from the success notification. */
    transactionId: text('transaction_id'),
    paidAt: ts('paid_at'),
    failReason: text('fail_reason'),
    remark: text('remark'),
    // A fee order (缴费单) the office raises for a student: what is paid is amount - discount.
    /** The student it is raised for (null: not a fee order). */
    studentId: integer('student_id').references(() => students.id),
    /** FeeKind label (学费, 教材费…); set on fee orders only. */
    feeKind: text('fee_kind'),
    /** The fee standard it was raised from (fee_standards.id), if any. */
    feeStandardId: integer('fee_standard_id'),
    /** '2026-2027'. */
    academicYear: text('academic_year'),
    /** Fen off the amount (a coupon), 0 <= discount < amount. */
    discount: integer('discount').notNull().default(0),
    /** The coupon that gave the discount (coupons.id). */
    couponId: integer('coupon_id'),
    /** Fen refunded so far (done refunds), never above amount - discount. */
    refunded: integer('refunded').notNull().default(0),
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_partner_created_idx').on(t.partnerId, t.createdAt, t.id),
    index('orders_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('orders_account_course_idx').on(t.accountId, t.courseId),
    index('orders_status_created_idx').on(t.payStatus, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    check('orders_amount_positive', sql`${t.amount} > 0`),
    index('orders_student_created_idx').on(t.studentId, t.createdAt, t.id),
    check('orders_discount_range', sql`${t.discount} >= 0 AND ${t.discount} < ${t.amount}`),
    check('orders_refunded_range', sql`${t.refunded} >= 0 AND ${t.refunded} <= ${t.amount} - ${t.discount}`),
    // A standard raises one live (not cancelled) order per student and academic year: bulk raising twice makes none twice.
    uniqueIndex('orders_student_standard_year_uq')
      .on(t.studentId, t.feeStandardId, t.academicYear)
      .where(sql`${t.feeStandardId} IS NOT NULL AND ${t.cancelledAt} IS NULL`),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** Fen. */
    unitPrice: integer('unit_price').notNull(),
    /** quantity x unitPrice, fen. */
    amount: integer('amount').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId, t.sort)],
)

/**
 * Every verified pay notification applied or seen, once per provider notification id: a repeated
 * notification finds its row and changes nothing.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: id(),
    provider: text('provider').notNull(),
    notificationId: text('notification_id').notNull(),
    orderNo: text('order_no'),
    /** success | fail | ignored */
    result: text('result').notNull(),
    /** Fen, as the provider reported it. */
    amount: integer('amount'),
    transactionId: text('transaction_id'),
    /** What it did: paid, failed, unchanged (the order was already settled), ignored. */
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_notifications_provider_id_uq').on(t.provider, t.notificationId),
    index('payment_notifications_order_idx').on(t.orderNo),
  ],
)
