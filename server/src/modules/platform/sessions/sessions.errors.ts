import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createSessionInvalidError = createErrorFactory({
  key: 'session.invalid',
  code: Code.sessionInvalid,
  message: '登录已失效，请重新登录',
})

export const createForbiddenError = createErrorFactory({
  key: 'session.forbidden',
  code: Code.forbidden,
  message: '无权进行此操作',
})
