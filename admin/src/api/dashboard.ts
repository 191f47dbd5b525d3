/**
 * 工作台 (`GET /api/bms/system/dashboard`): one call for the whole workbench: the to-dos of the
 * operator's rights (each null when not theirs; each the total of the list it opens), the overdue
 * contacts, this cycle's figures and the last 30 days.
 */
import type { ApiData, ApiQueryText } from '@activity/api-types'
import { get } from './client'

/**
 * What needs doing now, this cycle's figures and the last 30 days. Counts the role does not see are
 * null; amounts in fen.
 */
export type Dashboard = ApiData<'/api/bms/system/dashboard', 'get'>

export type OverdueContact = Dashboard['overdueContacts'][number]

export type TrendDay = Dashboard['trend'][number]

/** One of the 答疑 waiting the longest (oldest first). */
export type WaitingQuestion = NonNullable<Dashboard['todos']['questions']>['oldest'][number]

export const dashboardApi = {
  get: (query: ApiQueryText<'/api/bms/system/dashboard', 'get'> = {}) => get<Dashboard>('/api/bms/system/dashboard', query),
}
