/**
 * The enumerations of fees, refunds, receipts and coupons, in a module of their own: only the pages that use them load them
 * (the H5 entry's shared chunk carries enums.ts).
 */
import { values } from './values'

/** What a fee order (缴费单) charges for; a fee standard is one kind for one school, major, level and batch. */
export const FeeKind = { tuition: '学费', textbook: '教材费', exam: '考试费', other: '其他' } as const
export type FeeKind = (typeof FeeKind)[keyof typeof FeeKind]
export const FEE_KINDS = /*#__PURE__*/ values(FeeKind)

/** A refund's status: 退款中 until the provider answers, then 已退款 or 退款失败 (finance may try again). */
export const RefundStatus = { pending: '退款中', done: '已退款', failed: '退款失败' } as const
export type RefundStatus = (typeof RefundStatus)[keyof typeof RefundStatus]
export const REFUND_STATUSES = /*#__PURE__*/ values(RefundStatus)

/** An electronic receipt (收据): 有效, or 已作废 (finance voids it, and may reissue a new number). */
export const ReceiptStatus = { valid: '有效', voided: '已作废' } as const
export type ReceiptStatus = (typeof ReceiptStatus)[keyof typeof ReceiptStatus]
export const RECEIPT_STATUSES = /*#__PURE__*/ values(ReceiptStatus)

/** A coupon takes an amount (fen) or a rate (pay this percent) off one order, once. */
export const CouponKind = { amount: '金额券', rate: '折扣券' } as const
export type CouponKind = (typeof CouponKind)[keyof typeof CouponKind]
export const COUPON_KINDS = /*#__PURE__*/ values(CouponKind)

/** A coupon code's state, as the office sees it. */
export const CouponStatus = { unused: '未使用', used: '已使用', voided: '已作废', expired: '已过期' } as const
export type CouponStatus = (typeof CouponStatus)[keyof typeof CouponStatus]
export const COUPON_STATUSES = /*#__PURE__*/ values(CouponStatus)
