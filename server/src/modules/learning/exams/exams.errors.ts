import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createPaperNotFoundError = createErrorFactory({ key: 'paper.notFound', code: Code.notFound, message: '试卷不存在或未发布' })
export const createAttemptNotFoundError = createErrorFactory({ key: 'attempt.notFound', code: Code.notFound, message: '答卷不存在' })
export const createQuestionNotFoundError = createErrorFactory({
  key: 'attempt.questionNotFound',
  code: Code.notFound,
  message: '题目不存在',
})
export const createCourseNotJoinedError = createErrorFactory({
  key: 'exam.courseNotJoined',
  code: Code.notFound,
  message: '课程不存在或未加入',
})
export const createNotOpenYetError = createErrorFactory({ key: 'exam.notOpen', code: Code.ruleRefused, message: '考试尚未开始' })
export const createWindowClosedError = createErrorFactory({ key: 'exam.closed', code: Code.ruleRefused, message: '考试已结束' })
export const createAttemptsUsedError = createErrorFactory({ key: 'exam.attemptsUsed', code: Code.ruleRefused, message: '作答次数已用完' })
export const createBankShortError = createErrorFactory({
  key: 'exam.bankShort',
  code: Code.ruleRefused,
  message: '题库题目不足，请联系老师',
})
export const createAttemptEndedError = createErrorFactory({
  key: 'attempt.ended',
  code: Code.conflict,
  message: '考试已结束，答案未保存',
})
export const createAttemptOpenError = createErrorFactory({
  key: 'attempt.open',
  code: Code.conflict,
  message: '考试尚未交卷',
})
export const createAnswerFormatError = createErrorFactory({
  key: 'attempt.answerFormat',
  code: Code.badRequest,
  message: '答案格式不正确',
})
export const createAttemptClosedError = createErrorFactory({
  key: 'attempt.closed',
  code: Code.ruleRefused,
  message: '该答卷已交卷',
})
export const createNotMarkingError = createErrorFactory({
  key: 'attempt.notMarking',
  code: Code.ruleRefused,
  message: '该答卷不在待阅卷状态',
})
export const createMarkError = createErrorFactory({
  key: 'attempt.mark',
  code: Code.badRequest,
  message: '只能给简答题打分，分数须在0到该题分值之间',
})
export const createAdminPaperNotFoundError = createErrorFactory({ key: 'paper.adminNotFound', code: Code.notFound, message: '试卷不存在' })
export const createPaperHasAttemptsError = createErrorFactory({
  key: 'paper.hasAttempts',
  code: Code.ruleRefused,
  message: '已有学员作答，不能修改题目',
})
export const createPaperDeleteAttemptsError = createErrorFactory({
  key: 'paper.deleteAttempts',
  code: Code.ruleRefused,
  message: '已有学员作答，请改为停用',
})
export const createPaperFixedFieldsError = createErrorFactory({
  key: 'paper.fixedFields',
  code: Code.ruleRefused,
  message: '已有学员作答，不能修改课程或组卷方式',
})
export const createPaperKindError = createErrorFactory({
  key: 'paper.kind',
  code: Code.ruleRefused,
  message: '固定试卷请选择题目，随机试卷请设置抽题规则',
})
export const createPaperQuestionsError = createErrorFactory({
  key: 'paper.questions',
  code: Code.badRequest,
  message: '题目不存在、已删除或不属于该课程',
})
export const createPaperChapterError = createErrorFactory({
  key: 'paper.chapter',
  code: Code.badRequest,
  message: '章节不属于该课程',
})
export const createPaperEmptyError = createErrorFactory({
  key: 'paper.empty',
  code: Code.ruleRefused,
  message: '请先为试卷添加题目或抽题规则再发布',
})
export const createPassScoreError = createErrorFactory({
  key: 'paper.passScore',
  code: Code.ruleRefused,
  message: '及格分不能高于试卷总分',
})
export const createPaperRulesShortError = createErrorFactory({
  key: 'paper.rulesShort',
  code: Code.ruleRefused,
  message: '题库题目不足，无法按抽题规则组卷',
})
export const createPaperWindowError = createErrorFactory({
  key: 'paper.window',
  code: Code.badRequest,
  message: '结束时间须晚于开始时间',
})
export const createCourseNotFoundError = createErrorFactory({ key: 'paper.courseNotFound', code: Code.notFound, message: '课程不存在' })
export const createStudentNotFoundError = createErrorFactory({ key: 'paper.studentNotFound', code: Code.notFound, message: '学员不存在' })
export const createPaperWithheldError = createErrorFactory({
  key: 'exam.withheld',
  code: Code.conflict,
  message: '该试卷含有尚未结束的考试的题目，考试结束后再来作答',
})
