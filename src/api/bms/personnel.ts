import { defineFamily } from '../define'

/** /api/bms/personnel: appraisals, enrolment dissent, future classes, month reviews, employees. */
export const personnel = defineFamily('/api/bms/personnel', {
  appraise: {},
  enrollDissent: {},
  expressage: {},
  future: {},
  futureMember: {},
  incomeStudent: {},
  internalEmployee: {},
  monthReview: {},
  monthReviewTeacher: {},
})
