import { defineFamily } from '../define'

/** /api/ems/examination: exam publishing, online and offline exams, work, scores, signatures. */
export const examination = defineFamily('/api/ems/examination', {
  examPublish: { actions: { publish: true } },
  offline: {},
  online: { actions: { listForClient: true, detailsForClient: true, answerForClient: 'PUT' } },
  onlineWork: { actions: { listForClient: true, answerForClient: 'PUT' } },
  score: { actions: { listForClient: true, publishGrade: true } },
  work: {},
  studentSignature: { actions: { signatureForClient: 'PUT' } },
})
