/** The 教职工 pages' addresses (src/pages/staff), for the workbench and the pages themselves. */
export const STAFF_LINKS = {
  login: '/pages/staff/login',
  home: '/pages/staff/index',
  approvals: '/pages/staff/approvals',
  /** The enrolment teacher's clues and the teacher's 答疑 (their own pages). */
  clues: '/pages/staff/clues',
  questions: '/pages/staff/questions',
  /** 课表点名: the operator's week of face-to-face sessions. */
  sessions: '/pages/staff/sessions',
} as const

export const rosterUrl = (classId: number) => `/pages/staff/roster?classId=${classId}`
export const approvalDetailUrl = (id: number) => `/pages/staff/approvalDetail?id=${id}`
/** 签到与点名: a session's room screen and roll call. */
export const sessionUrl = (id: number) => `/pages/staff/session?id=${id}`

/** An id from a staff page's query, or null. */
export { idOf as staffIdOf } from './query'
