import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createParcelNotFoundError = createErrorFactory({ key: 'parcel.notFound', code: Code.notFound, message: '包裹不存在' })
export const createNotShippedError = createErrorFactory({
  key: 'parcel.notShipped',
  code: Code.notFound,
  message: '还没有发货，暂无物流信息',
})
export const createWaybillTakenError = createErrorFactory({
  key: 'parcel.waybillTaken',
  code: Code.conflict,
  message: '该运单号已用于其他包裹，请核对后重新填写',
})
export const createParcelSignedError = createErrorFactory({
  key: 'parcel.signed',
  code: Code.conflict,
  message: '包裹已签收，不能再更换运单号',
})
export const createNoExceptionError = createErrorFactory({
  key: 'parcel.noException',
  code: Code.conflict,
  message: '该包裹没有待处理的异常',
})
export const createNotSandboxError = createErrorFactory({
  key: 'parcel.notSandbox',
  code: Code.notFound,
  message: '只有沙箱物流可以模拟推送',
})
export const createTrackingOffError = createErrorFactory({
  key: 'parcel.trackingOff',
  code: Code.ruleRefused,
  message: '未配置物流跟踪服务',
})
export const createPushRejectedError = createErrorFactory({
  key: 'parcel.pushRejected',
  code: Code.badRequest,
  message: '物流推送校验失败',
})
