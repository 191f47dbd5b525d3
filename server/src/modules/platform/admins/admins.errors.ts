import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

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
export const createPositionNotFoundError = createErrorFactory({ key: 'position.notFound', code: Code.notFound, message: '岗位不存在' })
export const createPositionNameTakenError = createErrorFactory({
  key: 'position.nameTaken',
  code: Code.conflict,
  message: '岗位名称已存在',
})
export const createPositionBuiltinError = createErrorFactory({
  key: 'position.builtin',
  code: Code.ruleRefused,
  message: '内置岗位不能删除或改名，管理员岗位的权限不能修改',
})
export const createPositionInUseError = createErrorFactory({
  key: 'position.inUse',
  code: Code.ruleRefused,
  message: '岗位下还有操作员，请先为他们更换岗位',
})
export const createOwnPositionError = createErrorFactory({
  key: 'position.own',
  code: Code.ruleRefused,
  message: '不能修改自己所在岗位的权限',
})
export const createAdminCodeExchangeError = createErrorFactory({
  key: 'admin.codeExchange',
  code: Code.upstreamFailed,
  message: '第三方登录服务暂不可用，请稍后再试',
})
