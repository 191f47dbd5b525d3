import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createAuditNotFoundError = createErrorFactory({
  key: 'graduationAudit.notFound',
  code: Code.notFound,
  message: '毕业审核不存在',
})
export const createAuditTakenError = createErrorFactory({
  key: 'graduationAudit.taken',
  code: Code.conflict,
  message: '该批次已有毕业审核，请修改原有的审核',
})
export const createConditionNotFoundError = createErrorFactory({
  key: 'graduationAudit.conditionNotFound',
  code: Code.notFound,
  message: '毕业条件不存在',
})
export const createCourseMissingError = createErrorFactory({
  key: 'graduationAudit.courseMissing',
  code: Code.badRequest,
  message: '必修课程不存在',
})
export const createNotGraduatableError = createErrorFactory({
  key: 'graduationAudit.notGraduatable',
  code: Code.ruleRefused,
  message: '该学员的毕业审核尚未通过',
})
export const createConditionsChangedError = createErrorFactory({
  key: 'graduationAudit.conditionsChanged',
  code: Code.ruleRefused,
  message: '毕业条件已变化，不能通过',
})
export const createGraduatedRevokeError = createErrorFactory({
  key: 'graduationAudit.revoke',
  code: Code.ruleRefused,
  message: '已毕业的审核不能撤销',
})
