import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createRevealNotFoundError = createErrorFactory({
  key: 'sensitiveData.notFound',
  code: Code.notFound,
  message: '记录不存在',
})
export const createRevealForbiddenError = createErrorFactory({
  key: 'sensitiveData.forbidden',
  code: Code.forbidden,
  message: '没有查看该手机号的权限',
})
export const createLookupLimitError = createErrorFactory({
  key: 'sensitiveData.lookupLimit',
  code: Code.tooManyRequests,
  message: '按手机号或身份证号查找过于频繁，请稍后再试',
})
