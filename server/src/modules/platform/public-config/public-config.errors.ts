import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createConfigKeyNotFoundError = createErrorFactory({ key: 'config.notFound', code: Code.notFound, message: '配置项不存在' })
