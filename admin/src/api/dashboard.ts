/** 工作台 (`GET /api/bms/system/dashboard`): what needs doing now, this cycle's figures, the last 30 days. */
import type { ApiData, ApiQueryText } from '@activity/api-types'
import { get } from './client'

/**
 * What needs doing now, this cycle's figures and the last 30 days. Counts the role does not see are
 * null; amounts in fen.
 */
export type Dashboard = ApiData<'/api/bms/system/dashboard', 'get'>

export type OverdueContact = Dashboard['overdueContacts'][number]

export type TrendDay = Dashboard['trend'][number]

export const dashboardApi = {
  get: (query: ApiQueryText<'/api/bms/system/dashboard', 'get'> = {}) => get<Dashboard>('/api/bms/system/dashboard', query),
}
