import type { ApiData, ApiQuery } from '@activity/api-types'
import { call, defineFamily } from '../define'

/** A month's 招生目标 figures: a teacher sees their own row and their department's (clues.work), targets.view every row. */
export type TargetStatistics = ApiData<'/api/bms/statistics/enrollTarget/statistics', 'get'>

/** /api/bms/statistics: BI dashboards, enrolment targets and rankings, caches. */
export const statistics = defineFamily('/api/bms/statistics', {
  biDepartment: {},
  biPage: {},
  continue: {},
  dataCache: { actions: { refresh: 'PUT' } },
  enrollTarget: {
    actions: { statistics: call<ApiQuery<'/api/bms/statistics/enrollTarget/statistics', 'get'>, TargetStatistics>('GET') },
  },
  statisticsClassification: {},
  promote: {},
  peer: {},
  broadcastConfig: {},
  employeeFiling: {},
  humanEffectivenessTarget: {},
})
