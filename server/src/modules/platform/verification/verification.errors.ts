import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createSendTooSoonError = createErrorFactory({
  key: 'verification.tooSoon',
  code: Code.tooManyRequests,
  message: '验证码发送过于频繁，请60秒后再试',
})
export const createDailyLimitError = createErrorFactory({
  key: 'verification.dailyLimit',
  code: Code.tooManyRequests,
  message: '今日验证码发送次数已达上限，请明天再试',
})
export const createSmsFailedError = createErrorFactory({
  key: 'verification.smsFailed',
  code: Code.upstreamFailed,
  message: '短信发送失败，请稍后再试',
})
export const createCodeInvalidError = createErrorFactory({
  key: 'verification.invalid',
  code: Code.ruleRefused,
  message: '验证码错误或已过期，请重新获取',
})
export const createCodeWrongError = createErrorFactory({ key: 'verification.wrong', code: Code.ruleRefused, message: '验证码错误' })
export const createCodeBurnedError = createErrorFactory({
  key: 'verification.burned',
  code: Code.ruleRefused,
  message: '验证码错误次数过多，请重新获取',
})
