/**
 * 资金流水 (`/api/ems/partner/withdrawalRecord`): every partner's ledger
 * and finance's adjustments. Amounts are fen, signed.
 */
import type { ApiBody, ApiData, ApiItem, ApiQuery, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { get, post } from './client'

/** One entry of a partner's ledger: amounts in fen, signed; `debtAfter` what the partner owes after it. */
export type AdminLedgerEntry = ApiItem<'/api/ems/partner/withdrawalRecord/ledgerForAdmin', 'get'>

export type LedgerQuery = ApiQueryText<'/api/ems/partner/withdrawalRecord/ledgerForAdmin', 'get'>

/** What an adjustment would do; nothing is written. */
export type AdjustPreview = ApiData<'/api/ems/partner/withdrawalRecord/adjustPreview', 'get'>

const base = '/api/ems/partner/withdrawalRecord'

export const ledgerApi = {
  list: (query: LedgerQuery) => get<Page<AdminLedgerEntry>>(`${base}/ledgerForAdmin`, query),
  adjustPreview: (query: ApiQuery<'/api/ems/partner/withdrawalRecord/adjustPreview', 'get'>) =>
    get<AdjustPreview>(`${base}/adjustPreview`, query, { quiet: true }),
  adjust: (body: ApiBody<'/api/ems/partner/withdrawalRecord/adjust', 'post'>) =>
    post<ApiData<'/api/ems/partner/withdrawalRecord/adjust', 'post'>>(`${base}/adjust`, body, { quiet: true }),
}
