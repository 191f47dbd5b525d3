import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

/** A signed-in person without a student profile calling a student's call (a partner only, say). */
export const createNotStudentError = createErrorFactory({
  key: 'account.notStudent',
  code: Code.forbidden,
  message: '该账号没有学员身份',
})

/** A signed-in person without a partner profile (a student only) calling a partner's call. */
export const createNotPartnerError = createErrorFactory({
  key: 'account.notPartner',
  code: Code.forbidden,
  message: '该账号没有合伙人身份',
})
