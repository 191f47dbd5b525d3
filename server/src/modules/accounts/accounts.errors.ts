import { createErrorFactory } from '../../lib/errors.ts'
import { Code } from '../../wire.ts'

/** A signed-in person without a student profile calling a student's call (a partner only, say). */
export const createNotStudentError = createErrorFactory({
  key: 'account.notStudent',
  code: Code.forbidden,
  message: '该账号没有学员身份',
})
