import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { dateOrder, dateRangeQuery, fenField, idField, optionalId, wireEnum } from '../../../lib/fields.ts'
import { PAYOUT_ACCOUNT_TYPES, WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../../../wire.ts'
import { WITHDRAWAL_SORTS } from './withdrawals.repository.ts'
import { accountOut, phoneOut } from '../../../lib/sensitive.ts'

const statusFilter = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(WITHDRAWAL_STATUSES as [WithdrawalStatus, ...WithdrawalStatus[]], '状态不在可选范围内').optional(),
)

export const applyBody = z.object({
  amount: fenField({ label: '提现金额', min: 1, max: 100_000_000 }).describe('fen, at least 1000 (¥10.00)'),
  idempotencyKey: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求标识格式不正确')
        .optional(),
    )
    .describe('8-64 chars; resubmitting with the same key returns the same record (no second payout)'),
})
export const partnerListQuery = z.object({ status: statusFilter, ...pagingQuery })
const sortQuery = z
  .preprocess((v) => (v === '' ? undefined : v), z.enum(WITHDRAWAL_SORTS, '排序方式不在可选范围内').optional())
  .describe(
    'createdAt_desc (default: 审核中 first unless filtered by status or partner, then newest) | createdAt_asc | amount_desc | amount_asc',
  )
const adminFilterQuery = { status: statusFilter, partnerId: optionalId, ...dateRangeQuery, sort: sortQuery }
export const adminListQuery = z.object({ ...adminFilterQuery, ...pagingQuery }).superRefine(dateOrder)
export const exportQuery = z.object(adminFilterQuery).superRefine(dateOrder)
const transactionNo = z.string({ error: '请填写交易流水号' }).trim().min(1, '请填写交易流水号').max(64, '交易流水号不能超过64个字符')
export const finishPayBody = z.object({ id: idField, transactionNo })
export const batchPayBody = z.object({
  items: z
    .array(z.object({ id: idField, transactionNo }), { error: '请选择要打款的提现' })
    .min(1, '请选择要打款的提现')
    .max(100, '一次最多打款100笔')
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, '同一笔提现不能重复提交'),
})
export const batchReportSchema = z.object({
  succeeded: z.array(z.number()).describe('ids paid'),
  failed: z.array(z.object({ id: z.number(), message: z.string() })).describe('ids not paid, with the reason'),
})
export const refuseBody = z.object({
  id: idField,
  reason: z.string({ error: '请填写拒绝原因' }).trim().min(1, '请填写拒绝原因').max(200, '拒绝原因不能超过200个字符'),
})

export const withdrawalSchema = z.object({
  id: z.number(),
  amount: z.number().describe('fen'),
  status: wireEnum(WITHDRAWAL_STATUSES),
  payoutType: wireEnum(PAYOUT_ACCOUNT_TYPES),
  payoutAccount: accountOut().describe('masked for partners, and for an operator without 查看完整手机号'),
  payoutName: z.string(),
  transactionNo: z.string().nullable(),
  refuseReason: z.string().nullable(),
  transferFailReason: z.string().nullable().describe('why the last WeChat transfer failed or expired (back with finance)'),
  confirm: z
    .object({ mchId: z.string(), appId: z.string(), package: z.string() })
    .nullable()
    .describe("待确认收款: the parameters of the mini-program's requestMerchantTransfer (package = the bill's package_info)"),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
})
export const adminWithdrawalSchema = withdrawalSchema.extend({
  partnerId: z.number(),
  partnerPhone: phoneOut(),
  partnerName: z.string().nullable(),
})
export const transferBody = z.object({ id: idField })
export const transferNotifyParams = z.object({ provider: z.string().max(20, '转账渠道不存在') })
export const devTransferQuery = z.object({
  withdrawalId: z.coerce.number().int().positive(),
  result: z.enum(['confirm', 'fail', 'expire'], '结果只能是 confirm、fail 或 expire'),
})
