import { defineFamily } from '../define'

/** /api/zms/zhijiaotong: assessments, student feedback, terms and the home pages. */
export const zhijiaotong = defineFamily('/api/zms/zhijiaotong', {
  assessment: { actions: { open: 'PUT', batchOpen: 'PUT' } },
  assessmentOptions: { actions: { getScoreMap: 'GET', setScoreMap: true } },
  assessmentStudent: { actions: { hand: 'POST', refreshNotice: 'PUT' } },
  page: { base: false, actions: { clearCourseMessage: 'PUT', homePageData: 'GET', homePageForHeaderTeacher: 'GET' } },
  student: {},
  studentFeedback: { actions: { handle: 'PUT', saveForClient: true } },
  studentFeedbackHandle: {},
  studentFeedbackType: {},
  term: {},
})
