import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

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
export const createTransferNotConfiguredError = createErrorFactory({
  key: 'withdrawal.transferNotConfigured',
  code: Code.ruleRefused,
  message: '暂未开通微信转账，请手工打款',
})
export const createNoMiniOpenIdError = createErrorFactory({
  key: 'withdrawal.noOpenId',
  code: Code.ruleRefused,
  message: '该合伙人未在微信小程序中登录过，无法微信转账，请手工打款',
})
export const createTransferUpstreamError = createErrorFactory({
  key: 'withdrawal.transferUpstream',
  code: Code.upstreamFailed,
  message: '微信转账发起失败，请稍后再试',
})
export const createTransferNotificationRejectedError = createErrorFactory({
  key: 'transfer.rejected',
  code: Code.forbidden,
  message: '转账通知验证失败',
  statusCode: 401,
})
export const createUnknownTransferProviderError = createErrorFactory({
  key: 'transfer.unknownProvider',
  code: Code.notFound,
  message: '转账渠道不存在',
})
export const createTransferAmountError = createErrorFactory({
  key: 'transfer.amountMismatch',
  code: Code.ruleRefused,
  message: '转账金额与提现金额不一致',
})
