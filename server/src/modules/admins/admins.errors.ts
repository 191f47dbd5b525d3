import { createErrorFactory } from '../../lib/errors.ts'
import { Code } from '../../wire.ts'

export const createAdminBadCredentialsError = createErrorFactory({
  key: 'admin.badCredentials',
  code: Code.ruleRefused,
  message: '账号或密码错误',
})
export const createAdminDisabledError = createErrorFactory({ key: 'admin.disabled', code: Code.forbidden, message: '账号已停用' })
export const createAdminNotFoundError = createErrorFactory({ key: 'admin.notFound', code: Code.notFound, message: '操作员不存在' })
export const createAccountTakenError = createErrorFactory({ key: 'admin.accountTaken', code: Code.conflict, message: '账号已存在' })
export const createLastAdminError = createErrorFactory({ key: 'admin.last', code: Code.ruleRefused, message: '至少保留一个启用的管理员' })
export const createSelfRemoveError = createErrorFactory({ key: 'admin.self', code: Code.ruleRefused, message: '不能删除或停用自己的账号' })
export const createAdminWrongOldPasswordError = createErrorFactory({
  key: 'admin.wrongOldPassword',
  code: Code.ruleRefused,
  message: '原密码错误',
})
