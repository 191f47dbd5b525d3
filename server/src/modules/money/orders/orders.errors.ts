import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createOrderNotFoundError = createErrorFactory({ key: 'order.notFound', code: Code.notFound, message: '订单不存在' })
export const createOrderAlreadyPaidError = createErrorFactory({
  key: 'order.alreadyPaid',
  code: Code.conflict,
  message: '订单已支付，无需重复支付',
})
export const createPayNotConfiguredError = createErrorFactory({
  key: 'order.payNotConfigured',
  code: Code.ruleRefused,
  message: '暂未开通在线支付',
})
export const createChannelUnsupportedError = createErrorFactory({
  key: 'order.channelUnsupported',
  code: Code.ruleRefused,
  message: '暂不支持该支付方式',
})
export const createPayUpstreamError = createErrorFactory({
  key: 'order.payUpstream',
  code: Code.upstreamFailed,
  message: '支付服务暂不可用，请稍后再试',
})
export const createOrderTotalError = createErrorFactory({
  key: 'order.total',
  code: Code.badRequest,
  message: '订单金额须在0.01元至100万元之间',
})
export const createUnknownProviderError = createErrorFactory({
  key: 'payment.unknownProvider',
  code: Code.notFound,
  message: '支付渠道不存在',
})
/** The provider's notification did not verify (signature, freshness, encryption): 401, nothing changes. */
export const createNotificationRejectedError = createErrorFactory({
  key: 'payment.rejected',
  code: Code.forbidden,
  message: '支付通知验证失败',
  statusCode: 401,
})
export const createNotificationAmountError = createErrorFactory({
  key: 'payment.amountMismatch',
  code: Code.ruleRefused,
  message: '支付金额与订单金额不一致',
})
export const createOrderCancelledError = createErrorFactory({
  key: 'order.cancelled',
  code: Code.ruleRefused,
  message: '该订单已取消，无法支付',
})
