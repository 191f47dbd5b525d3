/** The staff's work pages (我的线索, 答疑) and their details, for the workbench and the pages themselves. */
export const STAFF_WORK_LINKS = {
  clues: '/pages/staff/clues',
  questions: '/pages/staff/questions',
} as const

export const staffClueUrl = (id: number) => `/pages/staff/clueDetail?id=${id}`
export const staffQuestionUrl = (id: number) => `/pages/staff/questionDetail?id=${id}`
