/** 工作台 (`GET /api/bms/system/dashboard`): what needs doing now, this cycle's figures, the last 30 days. */
import type { AdminRole, ClueStatus } from '@activity/wire'
import { get } from './client'

export interface OverdueContact {
  clueId: number
  name: string
  phone: string
  status: ClueStatus
  nextContactAt: string
  assigneeId: number | null
  assigneeName: string | null
  partnerId: number
  partnerName: string | null
}

export interface TrendDay {
  date: string
  clues: number
  deals: number
  /** fen */
  commission: number
  /** fen */
  paidOut: number
}

export interface Dashboard {
  role: AdminRole
  /** null when the role does not review partners. */
  pendingPartners: number | null
  staleClues: number | null
  /** amount in fen */
  pendingWithdrawals: { count: number; amount: number } | null
  overdueContacts: OverdueContact[]
  cycle: { from: string; to: string; newClues: number; deals: number; commission: number; paidOut: number }
  trend: TrendDay[]
}

export const dashboardApi = {
  get: (query: { overdueLimit?: number } = {}) => get<Dashboard>('/api/bms/system/dashboard', query),
}
