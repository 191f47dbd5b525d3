import { z } from 'zod'
import { LOGIN_PLATFORMS, LOGIN_TYPES, type LoginPlatform, type LoginType, YesNo } from '../../../wire.ts'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, intField, keptIfMasked, optionalText, passwordField, phoneField } from '../../../lib/fields.ts'
import { ALL_RIGHTS } from '@activity/domain'
import { phoneOut } from '../../../lib/sensitive.ts'

const positionId = intField({ label: '岗位', min: 1, max: 2147483647 })
const optionalPositionId = z.preprocess((v) => (v === '' ? undefined : v), positionId.optional())
const account = z
  .string({ error: '请填写账号' })
  .trim()
  .min(1, '请填写账号')
  .max(32, '账号不能超过32个字符')
  .regex(/^[A-Za-z0-9_.@-]{3,32}$/, '账号为3-32位字母、数字或下划线')

/** Where step-up SMS codes go; empty: none (on a change, empty clears it, the masked one sent back keeps it). */
const phone = keptIfMasked(z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), phoneField.nullable().optional()))

export const adminSignInBody = z.object({
  account,
  password: z.string({ error: '请填写密码' }).min(1, '请填写密码').max(64, '密码不能超过64个字符'),
})
export const updatePasswordBody = z.object({
  oldPassword: z.string({ error: '请填写原密码' }).min(1, '请填写原密码').max(64),
  password: passwordField,
})
export const createAdminBody = z.object({
  account,
  name: z.string({ error: '请填写姓名' }).trim().min(1, '请填写姓名').max(20, '姓名不能超过20个字符'),
  password: passwordField,
  positionId,
  phone,
})
export const updateAdminBody = z.object({
  id: idField,
  name: optionalText(20),
  positionId: optionalPositionId,
  enabled: z.preprocess((v) => (v === '' ? undefined : v), z.enum([YesNo.yes, YesNo.no], '启用状态只能是是或否').optional()),
  password: z.preprocess((v) => (v === '' ? undefined : v), passwordField.optional()),
  phone,
})
export const idQuery = z.object({ id: idField })
export const adminListQuery = z.object({
  keyword: optionalText(32),
  positionId: optionalPositionId,
  ...pagingQuery,
})

export const adminSchema = z.object({
  id: z.number(),
  account: z.string(),
  name: z.string(),
  /** The position's name. */
  role: z.string(),
  positionId: z.number(),
  /** What the position grants (packages/domain rights.ts). */
  rights: z.array(z.string()),
  enabled: z.boolean(),
  phone: phoneOut().nullable().describe('for step-up SMS codes'),
  totpEnabled: z.boolean().describe('an authenticator is bound (it replaces the SMS code in step-up)'),
  departmentId: z.number().nullable().describe('the department (部门) the operator works in; null = none'),
  createdAt: z.string(),
})

/** Rights from a form: a comma-separated list (`clues.view,clues.work`) or an array; each must be known. */
const rightsField = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean)
      : v,
  z
    .array(z.string().max(64), '权限格式不正确')
    .max(ALL_RIGHTS.length, '权限过多')
    .refine((rights) => rights.every((r) => (ALL_RIGHTS as readonly string[]).includes(r)), '包含未知的权限'),
)
const positionName = z.string().trim().min(1, '请填写岗位名称').max(20, '岗位名称不能超过20个字符')
export const createPositionBody = z.object({
  name: z.string({ error: '请填写岗位名称' }).trim().min(1, '请填写岗位名称').max(20, '岗位名称不能超过20个字符'),
  description: optionalText(100),
  rights: rightsField,
})
export const updatePositionBody = z.object({
  id: idField,
  name: z.preprocess((v) => (v === '' ? undefined : v), positionName.optional()),
  description: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(100, '说明不能超过100个字符').optional()),
  rights: rightsField.optional(),
})
export const positionSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  rights: z.array(z.string()),
  builtin: z.boolean(),
  /** The built-in 管理员: every right, whatever is listed. */
  allRights: z.boolean(),
  members: z.number(),
  updatedAt: z.string(),
})
export const rightCatalogueSchema = z.array(
  z.object({ screen: z.string(), name: z.string(), actions: z.array(z.object({ right: z.string(), name: z.string() })) }),
)

const platform = z.enum(LOGIN_PLATFORMS as [LoginPlatform, ...LoginPlatform[]], '平台只能是 weixin 或 alipay')
const type = z.enum(LOGIN_TYPES as [LoginType, ...LoginType[]], '类型只能是公众号或小程序')
/** A WeChat/Alipay sign-in code of the app (教职工 in the mini-program or WeChat H5). */
export const openIdCodeBody = z.object({
  platform,
  type,
  signCode: z.string({ error: '请填写授权码' }).trim().min(1, '请填写授权码').max(512, '授权码不能超过512个字符'),
})
export const openIdPlatformBody = z.object({ platform, type })
export const openIdSignInSchema = adminSchema.partial().extend({
  bound: z
    .enum([YesNo.yes, YesNo.no])
    .describe('是: signed in as the bound operator; 否: not bound, sign in with account and password, then bind'),
})
export const openIdBoundSchema = z.object({ bound: z.enum([YesNo.yes, YesNo.no]) })
