import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createContentNotFoundError = createErrorFactory({ key: 'siteContent.notFound', code: Code.notFound, message: '内容不存在' })
export const createContentKeyTakenError = createErrorFactory({
  key: 'siteContent.keyTaken',
  code: Code.conflict,
  message: '内容标识已被使用',
})
export const createContentProtectedError = createErrorFactory({
  key: 'siteContent.protected',
  code: Code.ruleRefused,
  message: '用户协议和隐私政策不能删除，可以修改内容',
})
export const createContentEmptyBodyError = createErrorFactory({
  key: 'siteContent.emptyBody',
  code: Code.badRequest,
  message: '内容不能为空',
})
