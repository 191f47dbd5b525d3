/**
 * 提现 (`/api/ems/partner/withdrawalRecord`): finance's payout queue.
 * Amounts are fen.
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { get, post, put } from './client'

/** A withdrawal as finance sees it: full payout account, amounts in fen; `confirm` what the partner's mini-program confirms a WeChat transfer with. */
export type AdminWithdrawal = ApiItem<'/api/ems/partner/withdrawalRecord/listForAdmin', 'get'>

/** `sort`: createdAt_desc (default: 审核中 first unless filtered by status or partner) | createdAt_asc | amount_desc | amount_asc. */
export type WithdrawalQuery = ApiQueryText<'/api/ems/partner/withdrawalRecord/listForAdmin', 'get'>

/** Each item paid in its own transaction: one failure does not stop the others. */
export type BatchReport = ApiData<'/api/ems/partner/withdrawalRecord/batchPay', 'post'>

const base = '/api/ems/partner/withdrawalRecord'

export const withdrawalsApi = {
  list: (query: WithdrawalQuery) => get<Page<AdminWithdrawal>>(`${base}/listForAdmin`, query),
  /** Quiet: the pay form shows the refusal (already handled by someone else) itself. */
  pay: (body: ApiBody<'/api/ems/partner/withdrawalRecord/finishPay', 'put'>) =>
    put<ApiData<'/api/ems/partner/withdrawalRecord/finishPay', 'put'>>(`${base}/finishPay`, body, { quiet: true }),
  refuse: (body: ApiBody<'/api/ems/partner/withdrawalRecord/refuse', 'put'>) =>
    put<ApiData<'/api/ems/partner/withdrawalRecord/refuse', 'put'>>(`${base}/refuse`, body, { quiet: true }),
  /** 微信转账: 审核中 -> 待确认收款; WeChat's notification pays it once the partner confirms. */
  wechatTransfer: (body: ApiBody<'/api/ems/partner/withdrawalRecord/wechatTransfer', 'put'>) =>
    put<ApiData<'/api/ems/partner/withdrawalRecord/wechatTransfer', 'put'>>(`${base}/wechatTransfer`, body, { quiet: true }),
  batchPay: (items: ApiBody<'/api/ems/partner/withdrawalRecord/batchPay', 'post'>['items']) =>
    post<BatchReport>(`${base}/batchPay`, { items }, { quiet: true }),
  exportPath: `${base}/export`,
}
