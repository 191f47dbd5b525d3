import type { ApiData } from '@activity/api-types'
import { call, defineFamily, type NoPayload } from '../define'

/** 班主任工作台: my classes, the approvals waiting for me, today's leaves, my notices' reading (operator session). */
export type HeadTeacherHome = ApiData<'/api/zms/zhijiaotong/page/homePageForHeaderTeacher', 'get'>

/** /api/zms/zhijiaotong: assessments, student feedback, terms and the home pages. */
export const zhijiaotong = defineFamily('/api/zms/zhijiaotong', {
  assessment: { actions: { open: 'PUT', batchOpen: 'PUT' } },
  assessmentOptions: { actions: { getScoreMap: 'GET', setScoreMap: true } },
  assessmentStudent: { actions: { hand: 'POST', refreshNotice: 'PUT' } },
  page: {
    base: false,
    actions: { clearCourseMessage: 'PUT', homePageData: 'GET', homePageForHeaderTeacher: call<NoPayload, HeadTeacherHome>('GET') },
  },
  student: {},
  studentFeedback: { actions: { handle: 'PUT', saveForClient: true } },
  studentFeedbackHandle: {},
  studentFeedbackType: {},
  term: {},
})
