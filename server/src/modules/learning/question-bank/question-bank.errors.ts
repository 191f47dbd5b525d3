import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createQuestionNotFoundError = createErrorFactory({
  key: 'question.notFound',
  code: Code.notFound,
  message: '试题不存在或已删除',
})
/** A question's content breaks its type's rules; the message names the rule. */
export const createQuestionInvalidError = createErrorFactory({ key: 'question.invalid', code: Code.badRequest, message: '试题内容不正确' })
export const createQuestionCourseError = createErrorFactory({ key: 'question.course', code: Code.notFound, message: '课程不存在' })
export const createQuestionChapterError = createErrorFactory({
  key: 'question.chapter',
  code: Code.badRequest,
  message: '所选章节不属于该课程',
})
export const createQuestionCourseFixedError = createErrorFactory({
  key: 'question.courseFixed',
  code: Code.ruleRefused,
  message: '试题所属课程不能修改，请在目标课程下新建试题',
})
