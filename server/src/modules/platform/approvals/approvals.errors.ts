import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createApprovalNotFoundError = createErrorFactory({
  key: 'approval.notFound',
  code: Code.notFound,
  message: '审批不存在',
})
export const createApprovalHandledError = createErrorFactory({
  key: 'approval.handled',
  code: Code.conflict,
  message: '该审批已处理，请刷新后查看',
})
export const createNotApproverError = createErrorFactory({
  key: 'approval.notApprover',
  code: Code.forbidden,
  message: '你不是当前步骤的审批人',
})
export const createWithdrawTooLateError = createErrorFactory({
  key: 'approval.withdrawTooLate',
  code: Code.ruleRefused,
  message: '审批人已处理，不能撤回',
})
export const createRevokeRefusedError = createErrorFactory({
  key: 'approval.revokeRefused',
  code: Code.ruleRefused,
  message: '只有已通过的审批可以撤销',
})
export const createNoApproverError = createErrorFactory({
  key: 'approval.noApprover',
  code: Code.ruleRefused,
  message: '找不到审批人，请联系教务处',
})
export const createFlowInvalidError = createErrorFactory({
  key: 'approval.flowInvalid',
  code: Code.badRequest,
  message: '审批流程有误',
})
export const createNotReturnableError = createErrorFactory({
  key: 'approval.notReturnable',
  code: Code.ruleRefused,
  message: '该类审批不能退回，请驳回并说明原因',
})
