import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createCourseNotFoundError = createErrorFactory({ key: 'practice.courseNotFound', code: Code.notFound, message: '课程不存在' })
export const createCourseNotJoinedError = createErrorFactory({
  key: 'practice.courseNotJoined',
  code: Code.forbidden,
  message: '请先购买或加入课程',
})
export const createQuestionNotFoundError = createErrorFactory({
  key: 'practice.questionNotFound',
  code: Code.notFound,
  message: '试题不存在或已删除',
})
export const createNotInBookError = createErrorFactory({ key: 'practice.notInBook', code: Code.notFound, message: '错题本中没有这道题' })
export const createSelfCorrectMissingError = createErrorFactory({
  key: 'practice.selfCorrect',
  code: Code.badRequest,
  message: '简答题请对照参考答案自评对错（selfCorrect）',
})
export const createAnswerWithheldError = createErrorFactory({
  key: 'practice.withheld',
  code: Code.conflict,
  message: '该题属于尚未结束的考试，考试结束后再来重做',
})
