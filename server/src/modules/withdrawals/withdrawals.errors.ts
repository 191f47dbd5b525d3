import { createErrorFactory } from '../../lib/errors.ts'
import { Code } from '../../wire.ts'

export const createWithdrawalNotFoundError = createErrorFactory({
  key: 'withdrawal.notFound',
  code: Code.notFound,
  message: '提现记录不存在',
})
export const createPendingExistsError = createErrorFactory({
  key: 'withdrawal.pending',
  code: Code.conflict,
  message: '已有审核中的提现，请等待处理完成后再申请',
})
export const createOverWithdrawableError = createErrorFactory({
  key: 'withdrawal.over',
  code: Code.ruleRefused,
  message: '提现金额超过可提现余额',
})
export const createBelowMinimumError = createErrorFactory({
  key: 'withdrawal.min',
  code: Code.badRequest,
  message: '提现金额不能低于¥10.00',
})
export const createPayoutMissingError = createErrorFactory({
  key: 'withdrawal.payout',
  code: Code.ruleRefused,
  message: '请先在个人信息中填写收款账号',
})
export const createAlreadyHandledError = createErrorFactory({ key: 'withdrawal.handled', code: Code.conflict, message: '该提现已处理' })
