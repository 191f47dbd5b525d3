import { createErrorFactory } from '../../lib/errors.ts'
import { Code } from '../../wire.ts'

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
export const createUploadMissingError = createErrorFactory({
  key: 'studentQuestion.uploadMissing',
  code: Code.badRequest,
  message: '请选择要上传的图片',
})
export const createUploadTypeError = createErrorFactory({
  key: 'studentQuestion.uploadType',
  code: Code.badRequest,
  message: '只能上传 PNG、JPEG 或 WebP 图片',
})
export const createUploadTooLargeError = createErrorFactory({
  key: 'studentQuestion.uploadTooLarge',
  code: Code.badRequest,
  message: '图片不能超过5MB',
})
