import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createPhoneTakenError = createErrorFactory({
  key: 'partner.phoneTaken',
  code: Code.conflict,
  message: '该手机号已注册，请直接登录',
})
export const createReferrerNotFoundError = createErrorFactory({
  key: 'partner.referrerNotFound',
  code: Code.ruleRefused,
  message: '推荐人编号不存在',
})
export const createBadCredentialsError = createErrorFactory({
  key: 'partner.badCredentials',
  code: Code.ruleRefused,
  message: '手机号或密码错误',
})
export const createNotRegisteredError = createErrorFactory({
  key: 'partner.notRegistered',
  code: Code.ruleRefused,
  message: '该手机号未注册',
})
export const createDisabledError = createErrorFactory({
  key: 'partner.disabled',
  code: Code.forbidden,
  message: '账号已被禁用，请联系客服',
})
export const createWrongOldPasswordError = createErrorFactory({
  key: 'partner.wrongOldPassword',
  code: Code.ruleRefused,
  message: '原密码错误',
})
export const createSamePasswordError = createErrorFactory({
  key: 'partner.samePassword',
  code: Code.ruleRefused,
  message: '新密码不能与原密码相同',
})
export const createPartnerNotFoundError = createErrorFactory({ key: 'partner.notFound', code: Code.notFound, message: '合伙人不存在' })
export const createIdCardRequiredError = createErrorFactory({
  key: 'partner.idCardRequired',
  code: Code.badRequest,
  message: '请填写身份证号',
})
export const createPayoutAccountRequiredError = createErrorFactory({
  key: 'partner.payoutRequired',
  code: Code.badRequest,
  message: '请填写收款账号',
})
export const createAuditTransitionError = createErrorFactory({
  key: 'partner.auditTransition',
  code: Code.conflict,
  message: '当前状态不能进行此操作',
})
export const createRejectReasonRequiredError = createErrorFactory({
  key: 'partner.rejectReason',
  code: Code.badRequest,
  message: '请填写拒绝原因',
})
export const createNotActiveError = createErrorFactory({
  key: 'partner.notActive',
  code: Code.ruleRefused,
  message: '合伙人资料审核通过后才能进行此操作',
})
