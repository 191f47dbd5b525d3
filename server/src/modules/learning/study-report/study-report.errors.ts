import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

// The study reports' refusals (their keys kept from the exams and study modules the reports came from).
export const createCourseNotJoinedError = createErrorFactory({
  key: 'exam.courseNotJoined',
  code: Code.notFound,
  message: '课程不存在或未加入',
})
