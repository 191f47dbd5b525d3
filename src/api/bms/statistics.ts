import { defineFamily } from '../define'

/** /api/bms/statistics: BI dashboards, enrolment targets and rankings, caches. */
export const statistics = defineFamily('/api/bms/statistics', {
  biDepartment: {},
  biPage: {},
  continue: {},
  dataCache: { actions: { refresh: 'PUT' } },
  enrollTarget: {},
  statisticsClassification: {},
  promote: {},
  peer: {},
  broadcastConfig: {},
  employeeFiling: {},
  humanEffectivenessTarget: {},
})
