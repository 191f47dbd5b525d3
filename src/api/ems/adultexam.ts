import { call, defineFamily } from '../define'

/** /api/ems/adultexam: adult-exam records, fees, major codes, score lines, volunteers. */

/** The volunteer query (志愿查询): both must match one imported result. */
export interface VolunteerQuery {
  name: string
  /** 考生号: 10-18 digits. */
  examNo: string
}

/** One batch's score line next to the candidate's total. */
export interface ScoreLine {
  year: number
  batch: string
  category: string
  score: number
  /** totalScore >= score. */
  reached: boolean
}

/** The candidate's result of the latest year; 404 未查询到录取信息 when name and exam number do not both match. */
export interface VolunteerResult {
  name: string
  examNo: string
  year: number
  totalScore: number
  batch: string
  category: string | null
  /** false: not (yet) admitted; school and major are null. */
  admitted: boolean
  school: string | null
  major: string | null
  scoreLines: ScoreLine[]
}

export const adultexam = defineFamily('/api/ems/adultexam', {
  emptyRecord: {},
  fee: {},
  majorCode: {},
  scoreLine: {},
  studentExamInfo: { actions: { syncOfficialInfo: true, volunteerTransfer: 'PUT', searchVolunteer: true } },
  volunteer: { base: false, actions: { query: call<VolunteerQuery, VolunteerResult>('GET') } },
})
