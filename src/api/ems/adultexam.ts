import type { ApiData, ApiQuery } from '@activity/api-types'
import { call, defineFamily } from '../define'

/** /api/ems/adultexam: adult-exam records, fees, major codes, score lines, volunteers. */

/** The volunteer query (志愿查询): both must match one imported result. */
/** `examNo` 考生号: 10-18 digits. */
export type VolunteerQuery = ApiQuery<'/api/ems/adultexam/volunteer/query', 'get'>

/** The candidate's result of the latest year (404 未查询到录取信息 when name and exam number do not both match); `admitted` false: school and major are null. */
export type VolunteerResult = ApiData<'/api/ems/adultexam/volunteer/query', 'get'>

/** One batch's score line next to the candidate's total (`reached`: totalScore >= score). */
export type ScoreLine = VolunteerResult['scoreLines'][number]

export const adultexam = defineFamily('/api/ems/adultexam', {
  emptyRecord: {},
  fee: {},
  majorCode: {},
  scoreLine: {},
  studentExamInfo: { actions: { syncOfficialInfo: true, volunteerTransfer: 'PUT', searchVolunteer: true } },
  volunteer: { base: false, actions: { query: call<VolunteerQuery, VolunteerResult>('GET') } },
})
