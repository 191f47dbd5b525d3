import { createErrorFactory } from '../../lib/errors.ts'
import { Code } from '../../wire.ts'

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
