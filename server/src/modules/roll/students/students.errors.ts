import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createStudentNotFoundError = createErrorFactory({ key: 'student.notFound', code: Code.notFound, message: '学员不存在' })
export const createRequestNotFoundError = createErrorFactory({ key: 'rollRequest.notFound', code: Code.notFound, message: '申请不存在' })
export const createClueNotFoundError = createErrorFactory({ key: 'student.clueNotFound', code: Code.notFound, message: '线索不存在' })
export const createStudentPhoneTakenError = createErrorFactory({
  key: 'student.phoneTaken',
  code: Code.conflict,
  message: '该手机号已登记为学员',
})
export const createStudentNoTakenError = createErrorFactory({ key: 'student.studentNoTaken', code: Code.conflict, message: '学号已存在' })
/** Names no one: whose number it is stays unsaid. */
export const createIdCardTakenError = createErrorFactory({
  key: 'student.idCardTaken',
  code: Code.conflict,
  message: '该身份证号已被其他学员使用',
})
export const createPhoneInUseError = createErrorFactory({
  key: 'student.phoneInUse',
  code: Code.conflict,
  message: '该手机号已被其他账号使用',
})
export const createStatusUnchangedError = createErrorFactory({
  key: 'student.statusUnchanged',
  code: Code.ruleRefused,
  message: '学籍状态未变化',
})
export const createClueNotDealError = createErrorFactory({
  key: 'student.clueNotDeal',
  code: Code.ruleRefused,
  message: '只有已成交的线索可以转为学员',
})
export const createClueConvertedError = createErrorFactory({
  key: 'student.clueConverted',
  code: Code.conflict,
  message: '该线索已转为学员',
})
export const createSameValueError = createErrorFactory({ key: 'rollRequest.sameValue', code: Code.ruleRefused, message: '与当前信息相同' })
export const createPendingExistsError = createErrorFactory({
  key: 'rollRequest.pendingExists',
  code: Code.conflict,
  message: '该项已有待审核的申请',
})
export const createRequestHandledError = createErrorFactory({
  key: 'rollRequest.handled',
  code: Code.conflict,
  message: '该申请已处理',
})

export const createClassNotFoundError = createErrorFactory({
  key: 'class.notFound',
  code: Code.notFound,
  message: '班级不存在',
})
export const createClassNameTakenError = createErrorFactory({
  key: 'class.nameTaken',
  code: Code.conflict,
  message: '已有同名班级',
})
export const createClassHasStudentsError = createErrorFactory({
  key: 'class.hasStudents',
  code: Code.ruleRefused,
  message: '班级里还有学员，请先把学员移出或转到其他班级',
})
export const createHeadTeacherNotFoundError = createErrorFactory({
  key: 'class.headTeacherNotFound',
  code: Code.notFound,
  message: '班主任不存在或已停用',
})
export const createAssignTooManyError = createErrorFactory({
  key: 'class.assignRefused',
  code: Code.conflict,
  message: '分班未完成，请重试',
})
