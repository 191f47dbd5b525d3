import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createGatewayFailedError = createErrorFactory({
  key: 'users.gateway',
  code: Code.upstreamFailed,
  message: '第三方登录服务暂不可用，请稍后再试',
})
export const createSignatureUnsupportedError = createErrorFactory({
  key: 'users.signatureUnsupported',
  code: Code.badRequest,
  message: '仅微信需要签名',
})
/**
 * The student's sign-in with a phone the office has not registered as a student. `data.partner`
 * says whether the phone is a partner's, so the page can offer the partner login instead.
 */
export const createNotStudentPhoneError = createErrorFactory({
  key: 'users.notStudentPhone',
  code: Code.ruleRefused,
  message: '该手机号未登记为学员，请联系学校核实',
})
