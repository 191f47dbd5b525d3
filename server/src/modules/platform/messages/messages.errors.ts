import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createMessageNotFoundError = createErrorFactory({ key: 'message.notFound', code: Code.notFound, message: '消息不存在' })
