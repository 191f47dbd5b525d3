import { z } from 'zod'
import { pagingQuery } from '../../lib/envelope.ts'
import { fenField, idField, optionalText, phoneField } from '../../lib/fields.ts'
import {
  CATEGORY_VALUES,
  CLUE_STATUSES,
  CONTACT_METHODS,
  TIME_TYPES,
  type ClueStatus,
  type ContactMethod,
  type TimeType,
} from '../../wire.ts'

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v)
export const statusFilter = z.preprocess(
  emptyToUndefined,
  z.enum(CLUE_STATUSES as [ClueStatus, ...ClueStatus[]], '状态不在可选范围内').optional(),
)
export const timeTypeFilter = z.preprocess(
  emptyToUndefined,
  z.enum(TIME_TYPES as [TimeType, ...TimeType[]], '时间类型不在可选范围内').optional(),
)
const name = z.string({ error: '请填写姓名' }).trim().min(1, '请填写姓名').max(20, '姓名不能超过20个字符')
const intention = z.preprocess(emptyToUndefined, z.enum(CATEGORY_VALUES as [string, ...string[]], '意向专业不在可选范围内').optional())

export const partnerListQuery = z.object({ status: statusFilter, timeType: timeTypeFilter, ...pagingQuery })
export const adminListQuery = z.object({
  status: statusFilter,
  timeType: timeTypeFilter,
  partnerId: z.preprocess(emptyToUndefined, idField.optional()),
  phone: z.preprocess(emptyToUndefined, phoneField.optional()),
  ...pagingQuery,
})

export const createClueBody = z.object({
  name,
  phone: phoneField,
  contactMethod: z.preprocess(
    emptyToUndefined,
    z.enum(CONTACT_METHODS as [ContactMethod, ...ContactMethod[]], '联系方式只能是电话或微信').optional(),
  ),
  intention,
  remark: optionalText(200),
})

export const activityClueBody = z.object({
  name,
  phone: phoneField,
  ref: z
    .string({ error: '推广链接无效，请联系推荐人重新获取' })
    .trim()
    .min(1, '推广链接无效，请联系推荐人重新获取')
    .max(16, '推广链接无效，请联系推荐人重新获取'),
  activityId: optionalText(40),
  intention,
  remark: optionalText(200),
})

export const followBody = z.object({ id: idField, remark: optionalText(200) })
export const dealBody = z.object({
  id: idField,
  programme: z.string({ error: '请填写成交专业' }).trim().min(1, '请填写成交专业').max(100, '成交专业不能超过100个字符'),
  amount: fenField({ label: '成交金额', min: 1, max: 100_000_000 }),
})
export const invalidBody = z.object({
  id: idField,
  reason: z.string({ error: '请填写无效原因' }).trim().min(1, '请填写无效原因').max(200, '无效原因不能超过200个字符'),
})
export const detailsQuery = z.object({ id: idField })

export const partnerClueSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string().describe('masked: 138****1234'),
  contactMethod: z.string().nullable(),
  intention: z.string().nullable(),
  remark: z.string().nullable(),
  source: z.string(),
  activityId: z.string().nullable(),
  status: z.string(),
  programme: z.string().nullable(),
  amount: z.number().nullable().describe('fen'),
  commission: z.number().nullable().describe('fen'),
  levelName: z.string().nullable(),
  invalidReason: z.string().nullable(),
  createdAt: z.string(),
  followedAt: z.string().nullable(),
  dealAt: z.string().nullable(),
})

export const adminClueSchema = partnerClueSchema.extend({
  phone: z.string(),
  partnerId: z.number(),
  partnerName: z.string().nullable(),
  partnerPhone: z.string(),
  partnerCode: z.string(),
})
