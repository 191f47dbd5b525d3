import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createQuestionNotFoundError = createErrorFactory({
  key: 'studentQuestion.notFound',
  code: Code.notFound,
  message: '提问不存在',
})
export const createQuestionClosedError = createErrorFactory({
  key: 'studentQuestion.closed',
  code: Code.conflict,
  message: '该提问已关闭',
})
export const createCourseNotJoinedError = createErrorFactory({
  key: 'studentQuestion.courseNotJoined',
  code: Code.forbidden,
  message: '请先购买或加入课程',
})
export const createSectionNotInCourseError = createErrorFactory({
  key: 'studentQuestion.sectionNotInCourse',
  code: Code.badRequest,
  message: '所选课节不属于该课程',
})
export const createImageNotFoundError = createErrorFactory({
  key: 'studentQuestion.imageNotFound',
  code: Code.badRequest,
  message: '图片不存在或已失效，请重新上传',
})
