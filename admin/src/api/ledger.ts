/**
 * 资金流水 (`/api/ems/partner/withdrawalRecord`, server/docs/console-api.md): every partner's ledger
 * and finance's adjustments. Amounts are fen, signed.
 */
import type { LedgerType, Page } from '@activity/wire'
import { get, post, type Query } from './client'

export interface AdminLedgerEntry extends Record<string, unknown> {
  id: number
  type: LedgerType
  /** fen, signed */
  amount: number
  /** fen */
  balanceAfter: number
  /** fen the partner owes after this entry (short claw-backs; later commissions pay it first) */
  debtAfter: number
  frozenUntil: string | null
  frozen: boolean
  note: string | null
  createdAt: string
  partnerId: number
  partnerName: string | null
  partnerPhone: string
}

export interface LedgerQuery extends Query {
  partnerId?: string
  type?: string
  dateFrom?: string
  dateTo?: string
  /** createdAt_desc (default) | createdAt_asc */
  sort?: string
  page?: number
  size?: number
}

/** What an adjustment would do; nothing is written. */
export interface AdjustPreview {
  partnerId: number
  partnerName: string | null
  balance: number
  frozen: number
  withdrawable: number
  /** fen owed, outside the balance */
  debt: number
  amount: number
  balanceAfter: number
  allowed: boolean
  message: string | null
}

const base = '/api/ems/partner/withdrawalRecord'

export const ledgerApi = {
  list: (query: LedgerQuery) => get<Page<AdminLedgerEntry>>(`${base}/ledgerForAdmin`, query),
  adjustPreview: (query: { partnerId: number; amount: number }) => get<AdjustPreview>(`${base}/adjustPreview`, query, { quiet: true }),
  adjust: (body: { partnerId: number; amount: number; note: string }) => post<unknown>(`${base}/adjust`, body, { quiet: true }),
}
