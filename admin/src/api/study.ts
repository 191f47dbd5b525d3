/**
 * 学习 (`/api/sms/study/join`, `/api/bms/cont/studentVideo/studentReport`): courses granted to
 * students by the office (开通课程) and one student's study report. Durations are seconds.
 *
 * Written from the issue-23 contract until the back-office's OpenAPI document has these calls.
 */
import type { EnrolmentSource, ProductType } from '@activity/wire'
import { del, get, post } from './client'

/** Whom a grant reaches: chosen students, or every student of a school / major / level / batch. */
export type GrantInput = {
  courseId: number
  studentIds?: number[]
  school?: string
  major?: string
  level?: string
  batchYear?: number
  batch?: number
}

/** `already`: students who had the course (bought, granted or joined) and were left as they were. */
export type GrantAnswer = {
  granted: number
  already: number
}

export type SectionProgress = {
  id: number
  title: string
  /** seconds */
  watched: number
  duration: number
  finished: boolean
  position: number
}

export type StudentCourse = {
  courseId: number
  title: string
  cover: string | null
  type: ProductType
  source: EnrolmentSource
  finished: number
  total: number
  percent: number
  lastSectionId: number | null
  lastSectionTitle: string | null
  lastStudiedAt: string | null
  joinedAt: string
  /** seconds */
  watched: number
  sections: SectionProgress[]
}

export type StudentReport = {
  student: { id: number; name: string; studentNo: string | null }
  courses: StudentCourse[]
  /** The last 30 days (Asia/Shanghai), oldest first. */
  days: Array<{ day: string; seconds: number }>
  live: Array<{ id: number; title: string; startsAt: string; watched: number; attended: boolean }>
}

const join = '/api/sms/study/join'

export const grantsApi = {
  grant: (input: GrantInput) => post<GrantAnswer>(`${join}/batchJoinOnlineCourse`, input, { quiet: true }),
  /** Only a grant (学校开通) can be revoked; a bought course stays. */
  revoke: (input: { courseId: number; studentId: number }) => del<null>(join, input),
}

export const studyReportApi = {
  student: (studentId: number) => get<StudentReport>('/api/bms/cont/studentVideo/studentReport', { studentId }),
}
