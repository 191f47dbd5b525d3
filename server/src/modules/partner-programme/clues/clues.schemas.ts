import { z } from 'zod'
import { decodeCursor } from '../../../db/cursor.ts'
import { pagingQuery } from '../../../lib/envelope.ts'
import { optionalDateTimeField } from '../../../lib/form-fields.ts'
import {
  dateOrder,
  dateRangeQuery,
  fenField,
  idField,
  intField,
  optionalId,
  optionalText,
  phoneField,
  timeTypeFilter,
  wireEnum,
} from '../../../lib/fields.ts'
import {
  CATEGORY_TREE,
  CATEGORY_VALUES,
  CLUE_SOURCES,
  CLUE_STATUSES,
  FOLLOW_UP_METHODS,
  type ClueSource,
  type FollowUpMethod,
  CONTACT_METHODS,
  type ClueStatus,
  type ContactMethod,
} from '../../../wire.ts'
import { phoneOut } from '../../../lib/sensitive.ts'

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v)
export const statusFilter = z.preprocess(
  emptyToUndefined,
  z.enum(CLUE_STATUSES as [ClueStatus, ...ClueStatus[]], '状态不在可选范围内').optional(),
)
const name = z.string({ error: '请填写姓名' }).trim().min(1, '请填写姓名').max(20, '姓名不能超过20个字符')
const intention = z.preprocess(emptyToUndefined, z.enum(CATEGORY_VALUES as [string, ...string[]], '意向专业不在可选范围内').optional())

export const partnerListQuery = z.object({
  status: statusFilter,
  timeType: timeTypeFilter,
  ...pagingQuery,
  cursor: z
    .preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((text, ctx) => {
          const cursor = decodeCursor(text)
          if (!cursor) ctx.addIssue({ code: 'custom', message: '分页位置不正确，请刷新后重试' })
          return cursor ?? z.NEVER
        })
        .optional(),
    )
    .describe("load-more: the previous answer's nextCursor; the rows after it (keyset on created_at, id), `page` ignored"),
})
const flag = (label: string) =>
  z
    .preprocess(emptyToUndefined, z.enum(['1', '0', 'true', 'false'], `${label}只能是1或0`).optional())
    .transform((v) => v === '1' || v === 'true')

/** The console's clue filters (list and export). */
export const consoleFilterQuery = {
  status: statusFilter,
  timeType: timeTypeFilter,
  partnerId: optionalId,
  phone: z.preprocess(emptyToUndefined, phoneField.optional()),
  assigneeId: optionalId,
  pool: flag('只看线索池'),
  mine: flag('只看我的'),
  source: z.preprocess(emptyToUndefined, z.enum(CLUE_SOURCES as [ClueSource, ...ClueSource[]], '来源不在可选范围内').optional()),
  activityId: z.preprocess(emptyToUndefined, z.string().trim().max(40, '活动编号不能超过40个字符').optional()),
  staleHours: z.preprocess(emptyToUndefined, intField({ label: '未跟进小时数', min: 1, max: 720 }).optional()),
  overdue: flag('只看逾期未联系'),
  sort: z.preprocess(emptyToUndefined, z.enum(['createdAt_desc', 'createdAt_asc'], '排序方式不在可选范围内').optional()),
  ...dateRangeQuery,
}
export const adminListQuery = z.object({ ...consoleFilterQuery, ...pagingQuery }).superRefine(dateOrder)
export const exportQuery = z.object(consoleFilterQuery).superRefine(dateOrder)
export const phoneQuery = z.object({ phone: phoneField })
export const assignBody = z.object({ id: idField, assigneeId: optionalId })
export const takeBody = z.object({ id: idField })
export const followUpBody = z.object({
  id: idField,
  method: z.enum(FOLLOW_UP_METHODS as [FollowUpMethod, ...FollowUpMethod[]], '跟进方式只能是电话、微信或面谈'),
  note: z.string({ error: '请填写跟进内容' }).trim().min(1, '请填写跟进内容').max(500, '跟进内容不能超过500个字符'),
  nextContactAt: optionalDateTimeField({ label: '下次联系时间' }),
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
/** A programme of the category tree: the child label (会计学(本科)) or the full "parent-child" value. */
const PROGRAMMES = new Set([...CATEGORY_VALUES, ...CATEGORY_TREE.flatMap((p) => p.children.map((c) => c.label))])
export const dealBody = z.object({
  id: idField,
  programme: z
    .string({ error: '请填写成交专业' })
    .trim()
    .min(1, '请填写成交专业')
    .max(100, '成交专业不能超过100个字符')
    .refine((v) => PROGRAMMES.has(v), '成交专业不在可选范围内'),
  amount: fenField({ label: '成交金额', min: 1, max: 100_000_000 }),
})
export const invalidBody = z.object({
  id: idField,
  reason: z.string({ error: '请填写无效原因' }).trim().min(1, '请填写无效原因').max(200, '无效原因不能超过200个字符'),
})
export const cancelDealBody = z.object({
  id: idField,
  reason: z.string({ error: '请填写退费原因' }).trim().min(1, '请填写退费原因').max(200, '退费原因不能超过200个字符'),
})
export const detailsQuery = z.object({ id: idField })

export const partnerClueSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: phoneOut().describe('masked: 138****1234'),
  contactMethod: wireEnum(CONTACT_METHODS).nullable(),
  intention: z.string().nullable(),
  remark: z.string().nullable(),
  source: wireEnum(CLUE_SOURCES),
  activityId: z.string().nullable(),
  status: wireEnum(CLUE_STATUSES),
  programme: z.string().nullable(),
  amount: z.number().nullable().describe('fen'),
  commission: z.number().nullable().describe('fen'),
  levelName: z.string().nullable(),
  invalidReason: z.string().nullable(),
  cancelReason: z.string().nullable().describe('已退费: why the deal was cancelled'),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  followedAt: z.string().nullable(),
  dealAt: z.string().nullable(),
})

export const adminClueSchema = partnerClueSchema.extend({
  phone: phoneOut(),
  partnerId: z.number().nullable().describe("null: a prospect of a 招生老师's own poster (source 招生老师推广)"),
  partnerName: z.string().nullable(),
  partnerPhone: phoneOut().nullable(),
  partnerCode: z.string().nullable(),
  assigneeId: z.number().nullable().describe('the 招生老师 it is assigned to; null = in the pool'),
  assigneeName: z.string().nullable(),
  lastTouchedAt: z.string().describe('created, followed or followed up last at'),
  nextContactAt: z.string().nullable(),
})

export const duplicateClueSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: phoneOut(),
  status: wireEnum(CLUE_STATUSES),
  createdAt: z.string(),
  partnerId: z.number().nullable(),
  partnerName: z.string().nullable(),
  partnerCode: z.string().nullable(),
  assigneeName: z.string().nullable(),
})

export const followUpSchema = z.object({
  id: z.number(),
  method: wireEnum(FOLLOW_UP_METHODS),
  note: z.string(),
  nextContactAt: z.string().nullable(),
  adminId: z.number(),
  adminName: z.string(),
  createdAt: z.string(),
})

export const clueDetailSchema = adminClueSchema.extend({
  followUps: z.array(followUpSchema),
  timeline: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(['created', 'followUp', 'action']),
      title: z.string(),
      detail: z.string().nullable(),
      adminName: z.string().nullable(),
    }),
  ),
  duplicate: duplicateClueSchema.nullable().describe('an earlier clue of the same phone within 90 days before this one'),
})

export const clueImportReportSchema = z.object({
  total: z.number().describe('data rows read (empty rows skipped)'),
  imported: z.number().describe('rows saved: all of them, or 0 when any row was refused'),
  failed: z.number(),
  errors: z
    .array(z.object({ row: z.number().describe('sheet row (header = 1)'), reason: z.string(), duplicate: duplicateClueSchema.nullable() }))
    .describe('at most 1000 listed'),
})
