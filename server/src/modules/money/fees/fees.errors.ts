import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createStandardNotFoundError = createErrorFactory({
  key: 'fee.standardNotFound',
  code: Code.notFound,
  message: '收费标准不存在',
})
export const createStandardInUseError = createErrorFactory({
  key: 'fee.standardInUse',
  code: Code.conflict,
  message: '该收费标准已开具缴费单，不能删除',
})
export const createFeeOrderNotFoundError = createErrorFactory({ key: 'fee.orderNotFound', code: Code.notFound, message: '缴费单不存在' })
export const createStudentNotFoundError = createErrorFactory({ key: 'fee.studentNotFound', code: Code.notFound, message: '学员不存在' })
export const createDuplicateFeeOrderError = createErrorFactory({
  key: 'fee.duplicateOrder',
  code: Code.conflict,
  message: '该学员本学年已有此收费标准的缴费单',
})
export const createStandardMismatchError = createErrorFactory({
  key: 'fee.standardMismatch',
  code: Code.ruleRefused,
  message: '该收费标准不适用于此学员（院校、专业、层次或批次不符）',
})
export const createCancelRefusedError = createErrorFactory({
  key: 'fee.cancelRefused',
  code: Code.conflict,
  message: '只有未支付的缴费单可以取消',
})
export const createRefundRefusedError = createErrorFactory({
  key: 'fee.refundRefused',
  code: Code.ruleRefused,
  message: '只有已支付的缴费单可以退款',
})
export const createRefundTooMuchError = createErrorFactory({
  key: 'fee.refundTooMuch',
  code: Code.ruleRefused,
  message: '退款金额超过可退金额',
})
export const createRefundNotFoundError = createErrorFactory({ key: 'fee.refundNotFound', code: Code.notFound, message: '退款记录不存在' })
export const createRefundUpstreamError = createErrorFactory({
  key: 'fee.refundUpstream',
  code: Code.upstreamFailed,
  message: '退款已提交，支付渠道暂未确认，请稍后重试',
})
export const createCouponInvalidError = createErrorFactory({ key: 'coupon.invalid', code: Code.ruleRefused, message: '优惠券码不存在' })
export const createCouponOrderError = createErrorFactory({ key: 'coupon.order', code: Code.ruleRefused, message: '该订单不能使用优惠券' })
export const createCouponNotFoundError = createErrorFactory({ key: 'coupon.notFound', code: Code.notFound, message: '优惠券不存在' })
export const createCouponDuplicateError = createErrorFactory({ key: 'coupon.duplicate', code: Code.conflict, message: '优惠券码已存在' })
export const createCouponVoidRefusedError = createErrorFactory({
  key: 'coupon.voidRefused',
  code: Code.conflict,
  message: '只有未使用的优惠券可以作废',
})
export const createReceiptNotFoundError = createErrorFactory({ key: 'receipt.notFound', code: Code.notFound, message: '收据不存在' })
export const createReceiptStateError = createErrorFactory({ key: 'receipt.state', code: Code.conflict, message: '该收据已作废' })
export const createFeeOrderTotalError = createErrorFactory({
  key: 'fee.total',
  code: Code.badRequest,
  message: '缴费金额须在0.01元至100万元之间',
})
