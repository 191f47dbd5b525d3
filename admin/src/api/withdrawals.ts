/**
 * 提现 (`/api/ems/partner/withdrawalRecord`, server/docs/console-api.md): finance's payout queue.
 * Amounts are fen.
 */
import type { Page, PayoutAccountType, WithdrawalStatus } from '@activity/wire'
import { get, post, put, type Query } from './client'

export interface AdminWithdrawal extends Record<string, unknown> {
  id: number
  /** fen */
  amount: number
  status: WithdrawalStatus
  payoutType: PayoutAccountType
  /** Full, for finance. */
  payoutAccount: string
  payoutName: string
  transactionNo: string | null
  refuseReason: string | null
  /** Why the last WeChat transfer failed or expired (it is 审核中 again), or why its outcome is unknown. */
  transferFailReason: string | null
  /** 待确认收款 with WeChat's bill made: what the partner's mini-program confirms with; null otherwise. */
  confirm: { mchId: string; appId: string; package: string } | null
  createdAt: string
  handledAt: string | null
  partnerId: number
  partnerPhone: string
  partnerName: string | null
}

export interface WithdrawalQuery extends Query {
  status?: string
  partnerId?: string
  dateFrom?: string
  dateTo?: string
  /** createdAt_desc (default: 审核中 first unless filtered by status or partner) | createdAt_asc | amount_desc | amount_asc */
  sort?: string
  page?: number
  size?: number
}

/** Each item paid in its own transaction: one failure does not stop the others. */
export interface BatchReport {
  succeeded: number[]
  failed: Array<{ id: number; message: string }>
}

const base = '/api/ems/partner/withdrawalRecord'

export const withdrawalsApi = {
  list: (query: WithdrawalQuery) => get<Page<AdminWithdrawal>>(`${base}/listForAdmin`, query),
  /** Quiet: the pay form shows the refusal (already handled by someone else) itself. */
  pay: (body: { id: number; transactionNo: string }) => put<unknown>(`${base}/finishPay`, body, { quiet: true }),
  refuse: (body: { id: number; reason: string }) => put<unknown>(`${base}/refuse`, body, { quiet: true }),
  /** 微信转账: 审核中 -> 待确认收款; WeChat's notification pays it once the partner confirms. */
  wechatTransfer: (body: { id: number }) => put<unknown>(`${base}/wechatTransfer`, body, { quiet: true }),
  batchPay: (items: Array<{ id: number; transactionNo: string }>) => post<BatchReport>(`${base}/batchPay`, { items }, { quiet: true }),
  exportPath: `${base}/export`,
}
