import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { dateTimeField } from '../../../lib/form-fields.ts'
import { fenField, idField, intField, jsonText, optionalText, wireEnum, labelledText as text } from '../../../lib/fields.ts'
import {
  COUPON_KINDS,
  COUPON_STATUSES,
  FEE_KINDS,
  ORDER_PAY_STATUSES,
  RECEIPT_STATUSES,
  REFUND_STATUSES,
  STUDENT_LEVELS,
  type CouponKind,
  type CouponStatus,
  type FeeKind,
  type OrderPayStatus,
  type StudentLevel,
} from '../../../wire.ts'
import { phoneOut } from '../../../lib/sensitive.ts'

/** ¥1,000,000.00, as orders. */
export const FEE_AMOUNT_MAX = 100_000_000
export const BULK_COUPONS_MAX = 500
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const feeKind = z.enum(FEE_KINDS as [FeeKind, ...FeeKind[]], '费用类型只能是 学费、教材费、考试费 或 其他')
const level = z.enum(STUDENT_LEVELS as [StudentLevel, ...StudentLevel[]], '层次只能是 专科 或 本科')
/** '2026-2027': two consecutive years. */
export const academicYear = z
  .string({ error: '请填写学年' })
  .trim()
  .regex(/^20\d{2}-20\d{2}$/, '学年格式应为 2026-2027')
  .refine((v) => Number(v.slice(5)) === Number(v.slice(0, 4)) + 1, '学年应为相邻的两年，如 2026-2027')
const optionalInt = (label: string, min: number, max: number) => z.preprocess(emptyToUndefined, intField({ label, min, max }).optional())
const optionalId = z.preprocess(emptyToUndefined, idField.optional())

export const standardBody = z.object({
  school: text('院校', 60),
  major: text('专业', 60),
  level,
  batchYear: optionalInt('批次年份', 2015, 2030).describe('empty: every batch year'),
  batch: optionalInt('批次', 1, 20).describe('empty: every batch of the year'),
  feeKind,
  academicYear,
  name: text('收费名称', 60),
  amount: fenField({ label: '金额', min: 1, max: FEE_AMOUNT_MAX }),
})
export const checkBatch = (b: { batch?: number; batchYear?: number }, ctx: z.RefinementCtx) => {
  if (b.batch !== undefined && b.batchYear === undefined)
    ctx.addIssue({ code: 'custom', path: ['batchYear'], message: '指定批次时请填写批次年份' })
}
export const createStandardBody = standardBody.superRefine(checkBatch)
export const updateStandardBody = standardBody.extend({ id: idField }).superRefine(checkBatch)
export const standardListQuery = z.object({
  school: z.preprocess(emptyToUndefined, z.string().trim().max(60).optional()),
  feeKind: z.preprocess(emptyToUndefined, feeKind.optional()),
  academicYear: z.preprocess(emptyToUndefined, academicYear.optional()),
  ...pagingQuery,
})
export const idQuery = z.object({ id: idField })

const item = z.object({
  name: text('项目名称', 60),
  quantity: intField({ label: '数量', min: 1, max: 9999 }),
  unitPrice: fenField({ label: '单价', min: 0, max: FEE_AMOUNT_MAX }),
})
const items = z.preprocess(
  jsonText,
  z
    .array(item, { error: '缴费明细格式不正确，应为 [{"name":"学费","quantity":1,"unitPrice":680000}]' })
    .min(1, '请至少添加一项缴费明细')
    .max(50, '缴费明细最多50项'),
)

export const raiseOrderBody = z
  .object({
    studentId: idField,
    feeStandardId: optionalId.describe('raise from a standard: its kind, year, name and amount (items and kind may then be left out)'),
    feeKind: z.preprocess(emptyToUndefined, feeKind.optional()),
    academicYear: z.preprocess(emptyToUndefined, academicYear.optional()),
    title: optionalText(60),
    items: z.preprocess(emptyToUndefined, items.optional()).describe('[{name, quantity, unitPrice (fen)}]'),
    remark: optionalText(200),
  })
  .superRefine((b, ctx) => {
    if (b.feeStandardId) return
    if (!b.feeKind) ctx.addIssue({ code: 'custom', path: ['feeKind'], message: '请选择费用类型' })
    if (!b.academicYear) ctx.addIssue({ code: 'custom', path: ['academicYear'], message: '请填写学年' })
    if (!b.items) ctx.addIssue({ code: 'custom', path: ['items'], message: '请至少添加一项缴费明细' })
  })
export const bulkRaiseBody = z.object({ feeStandardId: idField })
export const cancelBody = z.object({ id: idField, reason: text('取消原因', 200) })
export const refundBody = z.object({
  id: idField,
  amount: fenField({ label: '退款金额', min: 1, max: FEE_AMOUNT_MAX }),
  reason: text('退款原因', 200),
})
export const refundRetryBody = z.object({ refundId: idField })
const payStatus = z.preprocess(
  emptyToUndefined,
  z.enum(ORDER_PAY_STATUSES as [OrderPayStatus, ...OrderPayStatus[]], '支付状态不在可选范围内').optional(),
)
export const feeOrderListQuery = z.object({
  payStatus,
  refundStatus: z
    .preprocess(emptyToUndefined, z.enum(REFUND_STATUSES as [string, ...string[]], '退款状态不在可选范围内').optional())
    .describe('orders with a refund in this status (退款中: waiting for the provider)'),
  feeKind: z.preprocess(emptyToUndefined, feeKind.optional()),
  academicYear: z.preprocess(emptyToUndefined, academicYear.optional()),
  studentId: optionalId,
  keyword: z
    .preprocess(emptyToUndefined, z.string().trim().max(30, '关键词不能超过30个字符').optional())
    .describe('student name, phone or order number'),
  ...pagingQuery,
})
export const clientFeeListQuery = z.object({ status: payStatus, ...pagingQuery })

export const activateCouponBody = z.object({
  code: z
    .string({ error: '请输入优惠券码' })
    .trim()
    .min(1, '请输入优惠券码')
    .max(32, '优惠券码不存在')
    .transform((v) => v.toUpperCase()),
  orderId: idField,
})
export const createCouponBody = z
  .object({
    code: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{4,32}$/, '优惠券码为4-32位字母、数字或-')
        .transform((v) => v.toUpperCase())
        .optional(),
    ),
    count: optionalInt('数量', 1, BULK_COUPONS_MAX).describe('random codes to make (when no code is given); default 1'),
    kind: z.enum(COUPON_KINDS as [CouponKind, ...CouponKind[]], '优惠券类型只能是 金额券 或 折扣券'),
    value: intField({ label: '面值', min: 1, max: FEE_AMOUNT_MAX }).describe('金额券: fen off; 折扣券: percent paid, 1-99'),
    // The shared parser: a time without an offset is the school's (Asia/Shanghai), not the server's.
    expiresAt: dateTimeField({ label: '有效期' }),
    studentId: optionalId.describe('only this student may use it'),
    remark: optionalText(200),
  })
  .superRefine((b, ctx) => {
    if (b.kind === '折扣券' && (b.value < 1 || b.value > 99))
      ctx.addIssue({ code: 'custom', path: ['value'], message: '折扣券的支付比例须在1-99之间（如 90 表示九折）' })
    // A date that failed its own check arrives here unparsed: its message is already given.
    if (b.expiresAt instanceof Date && b.expiresAt.getTime() <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: '有效期须晚于现在' })
    if (b.code && b.count && b.count > 1) ctx.addIssue({ code: 'custom', path: ['count'], message: '指定券码时只能创建一张' })
  })
export const couponListQuery = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(COUPON_STATUSES as [CouponStatus, ...CouponStatus[]], '状态不在可选范围内').optional()),
  code: z.preprocess(emptyToUndefined, z.string().trim().max(32).optional()),
  batchNo: z.preprocess(emptyToUndefined, z.string().trim().max(32).optional()),
  ...pagingQuery,
})
export const voidBody = z.object({ id: idField, reason: text('作废原因', 200) })
export const reissueBody = z.object({ id: idField })

// Answers
export const standardSchema = z.object({
  id: z.number(),
  school: z.string(),
  major: z.string(),
  level: wireEnum(STUDENT_LEVELS),
  batchYear: z.number().nullable(),
  batch: z.number().nullable(),
  feeKind: wireEnum(FEE_KINDS),
  academicYear: z.string(),
  name: z.string(),
  amount: z.number().describe('fen'),
  createdAt: z.string(),
})
const itemSchema = z.object({ name: z.string(), quantity: z.number(), unitPrice: z.number(), amount: z.number() })
export const feeOrderSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  title: z.string(),
  feeKind: wireEnum(FEE_KINDS),
  academicYear: z.string().nullable(),
  amount: z.number().describe('fen'),
  discount: z.number().describe('fen'),
  payAmount: z.number().describe('fen to pay: amount - discount'),
  refunded: z.number().describe('fen'),
  payStatus: wireEnum(ORDER_PAY_STATUSES),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  items: z.array(itemSchema),
  receiptId: z.number().nullable(),
})
export const adminFeeOrderSchema = feeOrderSchema.extend({
  studentId: z.number(),
  studentName: z.string(),
  studentPhone: phoneOut(),
  school: z.string(),
  major: z.string(),
  feeStandardId: z.number().nullable(),
  channel: z.string().nullable(),
  provider: z.string().nullable(),
  transactionId: z.string().nullable(),
  couponCode: z.string().nullable(),
  remark: z.string().nullable(),
})
export const refundSchema = z.object({
  id: z.number(),
  refundNo: z.string(),
  amount: z.number(),
  reason: z.string(),
  status: wireEnum(REFUND_STATUSES),
  provider: z.string().nullable(),
  providerRefundId: z.string().nullable(),
  failReason: z.string().nullable(),
  auto: z.boolean(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
})
export const receiptSchema = z.object({
  id: z.number(),
  receiptNo: z.string(),
  orderId: z.number(),
  orderNo: z.string(),
  payer: z.string(),
  items: z.array(itemSchema),
  amount: z.number().describe('fen'),
  amountCapitals: z.string(),
  paidAt: z.string(),
  payee: z.string(),
  seal: z.string().nullable(),
  status: wireEnum(RECEIPT_STATUSES),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  replacesId: z.number().nullable(),
  createdAt: z.string(),
})
export const adminFeeOrderDetailSchema = adminFeeOrderSchema.extend({
  refunds: z.array(refundSchema),
  receipts: z.array(receiptSchema),
  refundable: z.number().describe('fen that may still be refunded'),
})
export const bulkRaiseSchema = z.object({ created: z.number(), skipped: z.number() })
export const couponSchema = z.object({
  id: z.number(),
  code: z.string(),
  kind: wireEnum(COUPON_KINDS),
  value: z.number(),
  studentId: z.number().nullable(),
  studentName: z.string().nullable(),
  expiresAt: z.string(),
  status: wireEnum(COUPON_STATUSES),
  orderId: z.number().nullable(),
  discount: z.number().nullable(),
  usedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  batchNo: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
})
export const activateCouponSchema = z.object({
  orderId: z.number(),
  code: z.string(),
  amount: z.number(),
  discount: z.number(),
  payAmount: z.number(),
})

export const clueQuery = z.object({ clueId: idField })
export const TuitionState = { paid: '已缴学费', unpaid: '未缴学费', noStudent: '无学员' } as const
export const clueTuitionSchema = z.object({
  status: z.enum([TuitionState.paid, TuitionState.unpaid, TuitionState.noStudent]),
  studentId: z.number().nullable(),
  studentName: z.string().nullable(),
})
