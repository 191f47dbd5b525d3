import { z } from 'zod'
import { pagingQuery } from '../../lib/envelope.ts'
import { idField, optionalText, passwordField, wireEnum } from '../../lib/fields.ts'
import { ADMIN_ROLES, type AdminRole, YesNo } from '../../wire.ts'

const role = z.enum(ADMIN_ROLES as [AdminRole, ...AdminRole[]], '角色只能是管理员、财务或招生老师')
const account = z
  .string({ error: '请填写账号' })
  .trim()
  .min(1, '请填写账号')
  .max(32, '账号不能超过32个字符')
  .regex(/^[A-Za-z0-9_.@-]{3,32}$/, '账号为3-32位字母、数字或下划线')

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
  role,
})
export const updateAdminBody = z.object({
  id: idField,
  name: optionalText(20),
  role: z.preprocess((v) => (v === '' ? undefined : v), role.optional()),
  enabled: z.preprocess((v) => (v === '' ? undefined : v), z.enum([YesNo.yes, YesNo.no], '启用状态只能是是或否').optional()),
  password: z.preprocess((v) => (v === '' ? undefined : v), passwordField.optional()),
})
export const idQuery = z.object({ id: idField })
export const adminListQuery = z.object({
  keyword: optionalText(32),
  role: z.preprocess((v) => (v === '' ? undefined : v), role.optional()),
  ...pagingQuery,
})

export const adminSchema = z.object({
  id: z.number(),
  account: z.string(),
  name: z.string(),
  role: wireEnum(ADMIN_ROLES),
  enabled: z.boolean(),
  departmentId: z.number().nullable().describe('the department (部门) the operator works in; null = none'),
  createdAt: z.string(),
})
