/** The leave pages' addresses (请假), for 我的学籍's entry and the leave pages themselves. */
export const LEAVE_LINKS = {
  list: '/pages/student/leave',
  apply: '/pages/student/leaveApply',
} as const

export const leaveDetailUrl = (id: number) => `/pages/student/leaveDetail?id=${id}`
/** 修改后重新提交: the form on a returned leave. */
export const leaveEditUrl = (id: number) => `${LEAVE_LINKS.apply}?id=${id}`

/** A leave's id from a page's query, or null. */
export { idOf as leaveIdOf } from './query'
