import { defineFamily } from '../define'

/** /api/sms/social: questions and answers. */
export const social = defineFamily('/api/sms/social', {
  question: {
    actions: { answer: 'POST', batchUpdateStatus: true, listLiveCourseQuestion: true, listSubjectQuestion: true },
  },
})
