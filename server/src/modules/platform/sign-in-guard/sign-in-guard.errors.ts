import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createLockedError = createErrorFactory({
  key: 'signIn.locked',
  code: Code.tooManyRequests,
  message: '密码错误次数过多，请15分钟后再试',
})
export const createSlowedDownError = createErrorFactory({
  key: 'signIn.slowedDown',
  code: Code.tooManyRequests,
  message: '登录尝试过于频繁，请稍后再试',
})
