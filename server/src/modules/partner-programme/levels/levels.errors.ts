import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createLevelNotFoundError = createErrorFactory({ key: 'level.notFound', code: Code.notFound, message: '档位不存在' })
export const createLevelDuplicateError = createErrorFactory({
  key: 'level.duplicate',
  code: Code.conflict,
  message: '档位名称或最低成交单数已存在',
})
