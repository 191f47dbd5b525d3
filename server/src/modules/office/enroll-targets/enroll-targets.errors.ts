import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createTargetOwnerNotFoundError = createErrorFactory({
  key: 'enrollTarget.ownerNotFound',
  code: Code.notFound,
  message: '老师或部门不存在',
})
