import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createStepUpRequiredError = createErrorFactory({
  key: 'stepUp.required',
  code: Code.stepUpRequired,
  message: '请先完成身份验证',
})
export const createStepUpWrongPasswordError = createErrorFactory({
  key: 'stepUp.wrongPassword',
  code: Code.ruleRefused,
  message: '密码错误',
})
export const createStepUpNoPhoneError = createErrorFactory({
  key: 'stepUp.noPhone',
  code: Code.ruleRefused,
  message: '未设置手机号，不能用短信验证码验证',
})
export const createStepUpSmsReplacedError = createErrorFactory({
  key: 'stepUp.smsReplaced',
  code: Code.ruleRefused,
  message: '已绑定身份验证器，请用身份验证器的验证码验证',
})
export const createTotpNotBoundError = createErrorFactory({
  key: 'stepUp.totpNotBound',
  code: Code.ruleRefused,
  message: '尚未绑定身份验证器',
})
export const createTotpAlreadyBoundError = createErrorFactory({
  key: 'stepUp.totpAlreadyBound',
  code: Code.conflict,
  message: '已绑定身份验证器，请先解绑',
})
export const createTotpNoSetupError = createErrorFactory({
  key: 'stepUp.totpNoSetup',
  code: Code.ruleRefused,
  message: '请先生成身份验证器密钥',
})
export const createTotpWrongCodeError = createErrorFactory({
  key: 'stepUp.totpWrongCode',
  code: Code.ruleRefused,
  message: '验证码错误',
})
export const createTotpCodeUsedError = createErrorFactory({
  key: 'stepUp.totpCodeUsed',
  code: Code.ruleRefused,
  message: '该验证码已使用，请等待身份验证器显示下一个验证码',
})
