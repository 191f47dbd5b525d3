import { defineFamily } from '../define'

/** /api/zms/archive: class archives (finish info, cadres, meetings, talks, work plans). */
export const archive = defineFamily('/api/zms/archive', {
  monthFinishInfo: {},
  weekFinishInfo: {},
  template: {},
  bedroom: {},
  certificate: {},
  classCadre: {},
  classMeeting: {},
  incentive: {},
  lectures: {},
  talk: {},
  teacherCommunication: {},
  roster: {},
  workPlan: {},
})
