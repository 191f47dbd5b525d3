/**
 * 学习 (`/api/sms/study/join`, `/api/bms/cont/studentVideo/studentReport`): courses granted to
 * students by the office (开通课程, source 学校开通) and one student's study report. Durations
 * are seconds.
 */
import type { ApiBody, ApiData } from '@activity/api-types'
import { del, get, post } from './client'

/** Whom a grant reaches: chosen students, or every student of a school / major / level / batch. */
export type GrantInput = ApiBody<'/api/sms/study/join/batchJoinOnlineCourse', 'post'>

/** `already`: students who had the course (bought, granted or joined) and were left as they were. */
export type GrantAnswer = ApiData<'/api/sms/study/join/batchJoinOnlineCourse', 'post'>

/** A student's courses with each section's progress, study time per day (last 30 days) and live classes. */
export type StudentReport = ApiData<'/api/bms/cont/studentVideo/studentReport', 'get'>

export type StudentCourse = StudentReport['courses'][number]

export type SectionProgress = StudentCourse['sections'][number]

const join = '/api/sms/study/join'

export const grantsApi = {
  grant: (input: GrantInput) => post<GrantAnswer>(`${join}/batchJoinOnlineCourse`, input, { quiet: true }),
  /** Only a grant (学校开通) can be revoked; a bought course stays. */
  revoke: (input: { courseId: number; studentId: number }) => del<null>(join, input),
}

export const studyReportApi = {
  student: (studentId: number) => get<StudentReport>('/api/bms/cont/studentVideo/studentReport', { studentId }),
}
