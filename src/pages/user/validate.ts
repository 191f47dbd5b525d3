import type { PersonalInfoPayload } from '../../api/ems/partner'
import {
  BATCHES,
  CATEGORY_VALUES,
  GENDERS,
  INTAKE_YEARS,
  isValidIdCard,
  PAYOUT_ACCOUNT_TYPES,
  PayoutAccountType,
  type Gender,
} from '@activity/wire'

import { SIGN_IN_MESSAGES, codeError, only, phoneError, type Errors } from '../../components/form/checks'

export { isValidIdCard }
// The checks the student's login shares live with the form pieces (components/form/checks.ts).
export { checkBind, codeError, firstError, isValid, phoneError, type BindForm, type Errors } from '../../components/form/checks'

/**
 * The user area's form checks, made before anything is sent: the same rules and, where the
 * back-office has one, the same message as its schemas (server/src/lib/fields.ts,
 * partners.schemas.ts), so a person reads one wording whichever side refuses. Each check answers
 * '' when the value is fine; each form answers its fields' messages (only the failing ones).
 */
export const MESSAGES = {
  ...SIGN_IN_MESSAGES,
  passwordRequired: '请填写密码',
  passwordFormat: '密码为8-32位字母和数字',
  passwordMix: '密码需同时包含字母和数字',
  repeatRequired: '请再次输入密码',
  repeatMismatch: '两次输入的密码不一致',
  oldPasswordRequired: '请填写原密码',
  samePassword: '新密码不能与原密码相同',
  referrerFormat: '推荐人编号为字母或数字，最多16位',
  realNameRequired: '请填写真实姓名',
  realNameLength: '真实姓名不能超过20个字符',
  realNameFormat: '真实姓名只能包含中文或字母',
  genderRequired: '请选择性别',
  idCardRequired: '请填写身份证号',
  idCardFormat: '身份证号不正确',
  provinceRequired: '请选择省份',
  cityRequired: '请选择城市',
  wechatIdFormat: '微信号为5-40位字母、数字、下划线或短横线',
  payoutTypeRequired: '请选择收款方式',
  payoutAccountRequired: '请填写收款账号',
  payoutNameRequired: '请填写收款人姓名',
  payoutNameLength: '收款人姓名不能超过20个字符',
  schoolRequired: '请填写学校',
  schoolLength: '学校不能超过50个字符',
  majorRequired: '请填写专业',
  majorLength: '专业不能超过50个字符',
  disciplineRequired: '请选择报考类别',
  intakeRequired: '请选择入学年份和批次',
} as const

/** Per payout type: what the account looks like, and what to say when it does not. */
export const PAYOUT_ACCOUNT_RULES: Record<PayoutAccountType, { test: (v: string) => boolean; message: string; placeholder: string }> = {
  [PayoutAccountType.wechat]: {
    test: (v) => /^[A-Za-z0-9_-]{5,40}$/.test(v) || /^1[3-9]\d{9}$/.test(v),
    message: '微信收款账号为微信号或手机号',
    placeholder: '请输入微信号或手机号',
  },
  [PayoutAccountType.alipay]: {
    test: (v) => /^1[3-9]\d{9}$/.test(v) || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v),
    message: '支付宝账号为手机号或邮箱',
    placeholder: '请输入支付宝手机号或邮箱',
  },
  [PayoutAccountType.bank]: {
    test: (v) => /^\d{12,30}$/.test(v),
    message: '银行卡号为12-30位数字',
    placeholder: '请输入银行卡号',
  },
}

// ---------------------------------------------------------------------------------------------
// Single fields

/** A new password: 8-32 letters and digits, with at least one of each. */
export function passwordError(password: string): string {
  if (!password) return MESSAGES.passwordRequired
  if (!/^[A-Za-z0-9]{8,32}$/.test(password)) return MESSAGES.passwordFormat
  return /[A-Za-z]/.test(password) && /\d/.test(password) ? '' : MESSAGES.passwordMix
}

export function repeatError(password: string, repeat: string): string {
  if (!repeat) return MESSAGES.repeatRequired
  return repeat === password ? '' : MESSAGES.repeatMismatch
}

/** A value the back-office sent back masked (1101**********8515): leaving it keeps the stored one. */
export function isMasked(value: string | null | undefined): boolean {
  return Boolean(value && value.includes('*'))
}

// ---------------------------------------------------------------------------------------------
// The forms

export type LoginMode = 'signIn' | 'register' | 'forgot'
export type SignInMethod = 'password' | 'code'

export interface LoginForm {
  phone: string
  password: string
  code: string
  repeat: string
  referrerCode: string
  agreed: boolean
}

export type LoginField = 'phone' | 'password' | 'code' | 'repeat' | 'referrerCode' | 'agreed'
export const LOGIN_FIELDS: readonly LoginField[] = ['phone', 'code', 'password', 'repeat', 'referrerCode', 'agreed']

/**
 * The login page's three flows: sign in (password, or SMS code), register, forgot password.
 * Signing in by password only needs one typed (the server says whether it is right); new
 * passwords follow the rules. Consent is needed to sign in or register, not to reset.
 */
export function checkLogin(form: LoginForm, mode: LoginMode, method: SignInMethod = 'password'): Errors<LoginField> {
  const entries: Array<[LoginField, string]> = [['phone', phoneError(form.phone)]]
  if (mode === 'signIn') {
    if (method === 'password') entries.push(['password', form.password ? '' : MESSAGES.passwordRequired])
    else entries.push(['code', codeError(form.code)])
  } else {
    entries.push(
      ['code', codeError(form.code)],
      ['password', passwordError(form.password)],
      ['repeat', repeatError(form.password, form.repeat)],
    )
  }
  if (mode === 'register' && form.referrerCode.trim() && !/^[A-Za-z0-9]{1,16}$/.test(form.referrerCode.trim())) {
    entries.push(['referrerCode', MESSAGES.referrerFormat])
  }
  if (mode !== 'forgot' && !form.agreed) entries.push(['agreed', MESSAGES.consent])
  return only(entries)
}

export interface ChangePasswordForm {
  oldPassword: string
  password: string
  repeat: string
}

export type ChangePasswordField = keyof ChangePasswordForm
export const CHANGE_PASSWORD_FIELDS: readonly ChangePasswordField[] = ['oldPassword', 'password', 'repeat']

export function checkChangePassword(form: ChangePasswordForm): Errors<ChangePasswordField> {
  const newError = passwordError(form.password) || (form.oldPassword && form.password === form.oldPassword ? MESSAGES.samePassword : '')
  return only<ChangePasswordField>([
    ['oldPassword', form.oldPassword ? '' : MESSAGES.oldPasswordRequired],
    ['password', newError],
    ['repeat', repeatError(form.password, form.repeat)],
  ])
}

export interface PersonForm {
  realName: string
  gender: string
  /** As typed; the masked value from the server means "keep the one on file". */
  idCard: string
  province: string
  city: string
  wechatId: string
  payoutType: string
  payoutAccount: string
  payoutName: string
}

export type PersonField = keyof PersonForm
export const PERSON_FIELDS: readonly PersonField[] = [
  'realName',
  'gender',
  'idCard',
  'province',
  'city',
  'wechatId',
  'payoutType',
  'payoutAccount',
  'payoutName',
]

/** What the back-office already holds, shown masked: a field left as shown keeps it. */
export interface PersonOnFile {
  idCard: string | null
  payoutType: string | null
  payoutAccount: string | null
}

function realNameError(name: string, required: string, tooLong: string): string {
  const n = name.trim()
  if (!n) return required
  if (n.length > 20) return tooLong
  return /^[\u4e00-\u9fa5A-Za-z·. ]+$/.test(n) ? '' : MESSAGES.realNameFormat
}

/** Whether the ID card field still holds what is on file (left empty, or as shown masked). */
export function keepsIdCard(form: Pick<PersonForm, 'idCard'>, onFile: PersonOnFile): boolean {
  const v = form.idCard.trim()
  return Boolean(onFile.idCard) && (v === '' || v === onFile.idCard)
}

/** Whether the payout account field still holds what is on file (same type, left as shown or empty). */
export function keepsPayoutAccount(form: Pick<PersonForm, 'payoutType' | 'payoutAccount'>, onFile: PersonOnFile): boolean {
  const v = form.payoutAccount.trim()
  return Boolean(onFile.payoutAccount) && form.payoutType === onFile.payoutType && (v === '' || v === onFile.payoutAccount)
}

export function checkPerson(form: PersonForm, onFile: PersonOnFile): Errors<PersonField> {
  let idCard = ''
  if (!keepsIdCard(form, onFile)) {
    const v = form.idCard.trim()
    idCard = !v ? MESSAGES.idCardRequired : isValidIdCard(v) ? '' : MESSAGES.idCardFormat
  }
  const type = form.payoutType as PayoutAccountType
  let payoutAccount = ''
  if ((PAYOUT_ACCOUNT_TYPES as string[]).includes(type) && !keepsPayoutAccount(form, onFile)) {
    const v = form.payoutAccount.trim()
    payoutAccount =
      !v || isMasked(v) ? MESSAGES.payoutAccountRequired : PAYOUT_ACCOUNT_RULES[type].test(v) ? '' : PAYOUT_ACCOUNT_RULES[type].message
  }
  const wechatId = form.wechatId.trim()
  return only<PersonField>([
    ['realName', realNameError(form.realName, MESSAGES.realNameRequired, MESSAGES.realNameLength)],
    ['gender', (GENDERS as string[]).includes(form.gender) ? '' : MESSAGES.genderRequired],
    ['idCard', idCard],
    ['province', form.province.trim() ? '' : MESSAGES.provinceRequired],
    ['city', form.city.trim() ? '' : MESSAGES.cityRequired],
    ['wechatId', !wechatId || /^[A-Za-z0-9_-]{5,40}$/.test(wechatId) || /^1[3-9]\d{9}$/.test(wechatId) ? '' : MESSAGES.wechatIdFormat],
    ['payoutType', (PAYOUT_ACCOUNT_TYPES as string[]).includes(type) ? '' : MESSAGES.payoutTypeRequired],
    ['payoutAccount', payoutAccount],
    [
      'payoutName',
      form.payoutName.trim() ? (form.payoutName.trim().length > 20 ? MESSAGES.payoutNameLength : '') : MESSAGES.payoutNameRequired,
    ],
  ])
}

/** The savePersonal payload of a checked form: fields kept on file go empty, as the back-office expects. */
export function personPayload(form: PersonForm, onFile: PersonOnFile): PersonalInfoPayload {
  return {
    realName: form.realName.trim(),
    gender: form.gender as Gender,
    idCard: keepsIdCard(form, onFile) ? '' : form.idCard.trim().toUpperCase(),
    province: form.province,
    city: form.city,
    wechatId: form.wechatId.trim(),
    payoutType: form.payoutType as PayoutAccountType,
    payoutAccount: keepsPayoutAccount(form, onFile) ? '' : form.payoutAccount.trim(),
    payoutName: form.payoutName.trim(),
  }
}

export interface SignUpForm {
  school: string
  major: string
  discipline: string
  intakeYear: string
  batch: string
}

export type SignUpField = 'school' | 'major' | 'discipline' | 'intake'
export const SIGN_UP_FIELDS: readonly SignUpField[] = ['school', 'major', 'discipline', 'intake']

export function checkSignUp(form: SignUpForm): Errors<SignUpField> {
  const school = form.school.trim()
  const major = form.major.trim()
  return only<SignUpField>([
    ['school', !school ? MESSAGES.schoolRequired : school.length > 50 ? MESSAGES.schoolLength : ''],
    ['major', !major ? MESSAGES.majorRequired : major.length > 50 ? MESSAGES.majorLength : ''],
    ['discipline', CATEGORY_VALUES.includes(form.discipline) ? '' : MESSAGES.disciplineRequired],
    ['intake', INTAKE_YEARS.includes(form.intakeYear) && BATCHES.includes(form.batch) ? '' : MESSAGES.intakeRequired],
  ])
}
