import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { fenField, idField, intField, jsonText, optionalText, wireEnum } from '../../../lib/fields.ts'
import { FEE_KINDS, REFUND_STATUSES, ORDER_PAY_STATUSES, PAY_CHANNELS, type OrderPayStatus, type PayChannel } from '../../../wire.ts'
import { phoneOut } from '../../../lib/sensitive.ts'

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
export const ITEMS_MAX = 50
/** ¥1,000,000.00 */
export const ORDER_AMOUNT_MAX = 100_000_000

const payStatusFilter = z.preprocess(
  emptyToUndefined,
  z.enum(ORDER_PAY_STATUSES as [OrderPayStatus, ...OrderPayStatus[]], '支付状态不在可选范围内').optional(),
)
const channel = z.enum(PAY_CHANNELS as [PayChannel, ...PayChannel[]], '支付方式只能是 wechat-mini、wechat-jsapi 或 alipay-mini')

const item = z.object({
  name: z.string({ error: '请填写项目名称' }).trim().min(1, '请填写项目名称').max(60, '项目名称不能超过60个字符'),
  quantity: intField({ label: '数量', min: 1, max: 9999 }),
  unitPrice: fenField({ label: '单价', min: 0, max: ORDER_AMOUNT_MAX }),
})

/** Items: a JSON array, or (form bodies) one field holding the JSON array text. */
const items = z.preprocess(
  jsonText,
  z
    .array(item, { error: '订单明细格式不正确，应为 [{"name":"学费","quantity":1,"unitPrice":680000}]' })
    .min(1, '请至少添加一项订单明细')
    .max(ITEMS_MAX, `订单明细最多${ITEMS_MAX}项`),
)

export const createOrderBody = z.object({
  partnerId: idField,
  title: optionalText(60).describe('defaults to the first item name'),
  items: items.describe('[{name, quantity, unitPrice (fen)}]; in a form body, the JSON text'),
  remark: optionalText(200),
})

export const payFeeBody = z.object({ id: idField, channel })
export const idQuery = z.object({ id: idField })
export const clientListQuery = z.object({ payStatus: payStatusFilter, ...pagingQuery })
export const adminListQuery = z.object({
  payStatus: payStatusFilter,
  partnerId: z.preprocess(emptyToUndefined, idField.optional()),
  orderNo: z.preprocess(emptyToUndefined, z.string().trim().max(32, '订单号格式不正确').optional()),
  ...pagingQuery,
})
export const notifyParams = z.object({ provider: z.string().max(20, '支付渠道不存在') })
export const devCompleteQuery = z.object({
  orderNo: z.string({ error: '请填写订单号' }).trim().min(1, '请填写订单号').max(32, '订单号格式不正确'),
  result: z.preprocess((v) => (v === '' || v === undefined ? 'success' : v), z.enum(['success', 'fail'], '结果只能是 success 或 fail')),
})

const itemSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  unitPrice: z.number().describe('fen'),
  amount: z.number().describe('fen'),
})
export const orderSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  title: z.string(),
  amount: z.number().describe('fen'),
  discount: z.number().describe('fen off the amount (a coupon)'),
  payAmount: z.number().describe('fen to pay: amount - discount'),
  refunded: z.number().describe('fen refunded so far'),
  studentId: z.number().nullable().describe('a fee order: the student it is raised for'),
  feeKind: wireEnum(FEE_KINDS).nullable().describe('a fee order: 学费 | 教材费 | 考试费 | 其他'),
  academicYear: z.string().nullable().describe("a fee order: '2026-2027'"),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  payStatus: wireEnum(ORDER_PAY_STATUSES),
  channel: wireEnum(PAY_CHANNELS).nullable(),
  paidAt: z.string().nullable(),
  failReason: z.string().nullable(),
  createdAt: z.string(),
  courseId: z.number().nullable().describe('the course a student buys with it (null: an order the office raised)'),
  items: z.array(itemSchema),
})
/** A refund as the payer sees it (a fee order's detail). */
export const clientRefundSchema = z.object({
  id: z.number(),
  amount: z.number().describe('fen'),
  reason: z.string(),
  status: wireEnum(REFUND_STATUSES),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
})
export const clientOrderDetailSchema = orderSchema.extend({
  refunds: z.array(clientRefundSchema).describe('oldest first'),
  receiptId: z.number().nullable().describe('the valid receipt (收据) of a paid fee order'),
  couponCode: z.string().nullable().describe('the coupon used on it'),
})
/** What the fees module adds to an order's client detail (refunds, receipt, coupon). */
export type ClientOrderExtras = Pick<z.infer<typeof clientOrderDetailSchema>, 'refunds' | 'receiptId' | 'couponCode'>

export const adminOrderSchema = orderSchema.extend({
  partnerId: z.number().nullable().describe('the partner the office raised it for (null: a course order of a student)'),
  studentId: z.number().nullable().describe("the payer's student profile, if they hold one"),
  partnerName: z.string().nullable().describe("the payer's name: the partner's, else the student's"),
  partnerPhone: phoneOut().describe("the payer's phone"),
  provider: z.string().nullable(),
  transactionId: z.string().nullable(),
  remark: z.string().nullable(),
})
/** What a payment provider told us about an order, as recorded (orders detail in the console). */
export const paymentNotificationSchema = z.object({
  id: z.number(),
  provider: z.string(),
  notificationId: z.string(),
  result: z.string().describe('success | fail | ignored'),
  amount: z.number().nullable().describe('fen, as the provider reported it'),
  transactionId: z.string().nullable(),
  outcome: z.string().describe('paid | failed | unchanged | ignored'),
  createdAt: z.string(),
})
export const adminOrderDetailSchema = adminOrderSchema.extend({
  notifications: z.array(paymentNotificationSchema).describe('oldest first'),
})
export const payStatusSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  payStatus: wireEnum(ORDER_PAY_STATUSES),
  paidAt: z.string().nullable(),
  failReason: z.string().nullable(),
})
const wechatParams = z
  .object({
    appId: z.string(),
    timeStamp: z.string(),
    nonceStr: z.string(),
    package: z.string(),
    signType: z.literal('RSA'),
    paySign: z.string(),
  })
  .describe(
    'Taro.requestPayment(params) in the mini-program; in WeChat H5 wx.chooseWXPay({ timestamp: timeStamp, nonceStr, package, signType, paySign })',
  )
export const payFeeSchema = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  amount: z.number().describe('fen'),
  payStatus: wireEnum(ORDER_PAY_STATUSES),
  provider: z.string().describe('sandbox: do not call the platform; poll payStatus (the sandbox completes the payment itself)'),
  channel: wireEnum(PAY_CHANNELS),
  wechat: wechatParams.nullable(),
  alipay: z.object({ tradeNO: z.string() }).describe('my.tradePay({ tradeNO })').nullable(),
})
export const devCompleteSchema = z.object({ orderNo: z.string(), payStatus: z.string(), notifyStatusCode: z.number() })
