import { defineFamily } from '../define'

/** /api/ums/promote: promotion and admissions clues (assign, draw, give up), channels, schedules. */
export const promote = defineFamily('/api/ums/promote', {
  admissionsClue: {},
  appointment: {},
  backgroundMessage: {},
  careerClue: {},
  careerSchool: {},
  circulate: {},
  clue: { actions: { assign: true, draw: 'PUT', giveUp: 'PUT', batchRemove: true } },
  clueStatusRecord: { actions: { apply: true, audit: true } },
  channel: {},
  channelAddress: {},
  origin: {},
  enrolTeacherCode: {},
  enterpriseClue: {},
  feeRecord: {},
  operateClue: {},
  site: {},
  platformRegister: {},
  remarkCode: {},
  schedule: {},
  pool: {},
  soldierInfo: {},
  activityClue: {},
  mediaClue: {},
})
