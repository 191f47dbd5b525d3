import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { dateOrder, dateRangeQuery, intField, wireEnum } from '../../../lib/fields.ts'
import { SIGN_IN_KINDS, SIGN_IN_METHODS, SIGN_IN_REASONS, type SignInKind, type SignInMethod, YesNo } from '../../../wire.ts'
import { sensitive } from '../../../lib/sensitive.ts'

const empty = (v: unknown) => (v === '' ? undefined : v)

const filters = {
  kind: z.preprocess(empty, z.enum(SIGN_IN_KINDS as [SignInKind, ...SignInKind[]], '登录类型只能是 operator 或 app').optional()),
  method: z.preprocess(empty, z.enum(SIGN_IN_METHODS as [SignInMethod, ...SignInMethod[]], '登录方式不在可选范围内').optional()),
  success: z.preprocess(empty, z.enum([YesNo.yes, YesNo.no], '是否成功只能是是或否').optional()),
  identifier: z.preprocess(empty, z.string().trim().max(64, '账号或手机号不能超过64个字符').optional()),
  ip: z.preprocess(empty, z.union([z.ipv4(), z.ipv6()], 'IP 地址格式不正确').optional()),
  ...dateRangeQuery,
}

export const signInRecordListQuery = z.object({ ...filters, ...pagingQuery }).superRefine(dateOrder)
export const signInRecordExportQuery = z.object(filters).superRefine(dateOrder)

export const failedIpsQuery = z.object({
  hours: z.preprocess(empty, intField({ label: '时间窗口', min: 1, max: 168, unit: '小时' }).optional()).default(24),
  min: z.preprocess(empty, intField({ label: '失败次数', min: 2, max: 1000, unit: '次' }).optional()).default(5),
})

export const signInRecordSchema = z.object({
  id: z.number(),
  kind: wireEnum(SIGN_IN_KINDS),
  kindLabel: z.string(),
  adminId: z.number().nullable(),
  accountId: z.number().nullable(),
  identifier: sensitive('text', z.string().nullable()).describe(
    'the account name or phone typed, a phone masked (null for a WeChat/Alipay code)',
  ),
  name: z.string().nullable().describe("the operator's name when known"),
  method: wireEnum(SIGN_IN_METHODS),
  methodLabel: z.string(),
  success: z.boolean(),
  reason: wireEnum(SIGN_IN_REASONS).nullable(),
  reasonLabel: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
})

export const failedIpSchema = z.object({
  ip: z.string(),
  failures: z.number().int(),
  lastAt: z.string(),
  identifierCount: z.number().int().describe('how many different accounts or phones were tried'),
  identifiers: z.array(sensitive('text', z.string())).describe('up to 10 of them'),
  operators: z.number().int().describe('how many of the failures were operator sign-ins'),
})

export const failedIpsData = z.object({
  hours: z.number().int(),
  min: z.number().int(),
  list: z.array(failedIpSchema),
})
