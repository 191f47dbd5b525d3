import { call, defineFamily } from '../define'
import type { SaveAnswerAnswer, SaveAnswerBody } from '../sms/exam-types'

/** /api/ems/examination: exam publishing, online and offline exams, work, scores, signatures. */
export const examination = defineFamily('/api/ems/examination', {
  examPublish: { actions: { publish: true } },
  offline: {},
  online: {
    actions: {
      listForClient: true,
      detailsForClient: true,
      /** The same call as /api/sms/study/studentExam/saveAnswer (same body, same answer). */
      answerForClient: call<SaveAnswerBody, SaveAnswerAnswer>('PUT'),
    },
  },
  onlineWork: { actions: { listForClient: true, answerForClient: 'PUT' } },
  score: { actions: { listForClient: true, publishGrade: true } },
  work: {},
  studentSignature: { actions: { signatureForClient: 'PUT' } },
})
