import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createAppVersionNotFoundError = createErrorFactory({ key: 'appVersion.notFound', code: Code.notFound, message: '版本不存在' })
export const createAppVersionDuplicateError = createErrorFactory({
  key: 'appVersion.duplicate',
  code: Code.conflict,
  message: '该平台已有相同的版本号或构建号',
})
