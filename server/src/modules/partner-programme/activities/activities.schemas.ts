import { z } from 'zod'
import { dateTimeField, optionalUrlField } from '../../../lib/form-fields.ts'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, optionalText, wireEnum } from '../../../lib/fields.ts'
import {
  ACTIVITY_STATES,
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  type ActivityState,
  type ActivityStatus,
  type ActivityType,
  YesNo,
} from '../../../wire.ts'

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v)
export const BODY_MAX = 100_000

const type = z.enum(ACTIVITY_TYPES as [ActivityType, ...ActivityType[]], '活动类型只能是招生活动或资讯')
const typeFilter = z.preprocess(emptyToUndefined, type.optional())
const stateFilter = z.preprocess(
  emptyToUndefined,
  z.enum(ACTIVITY_STATES as [ActivityState, ...ActivityState[]], '活动状态只能是未开始、进行中或已结束').optional(),
)
const statusFilter = z.preprocess(
  emptyToUndefined,
  z.enum(ACTIVITY_STATUSES as [ActivityStatus, ...ActivityStatus[]], '发布状态只能是未发布或已发布').optional(),
)

const fields = {
  title: z.string({ error: '请填写活动标题' }).trim().min(1, '请填写活动标题').max(60, '活动标题不能超过60个字符'),
  cover: optionalUrlField({ label: '封面图片地址', max: 200_000, dataImages: true }),
  summary: optionalText(200).describe('a line for list cards; defaults to the start of the body text'),
  body: z
    .string({ error: '请填写活动内容' })
    .max(BODY_MAX, `活动内容不能超过${BODY_MAX}个字符`)
    .describe('HTML; sanitised on save (scripts, event handlers, javascript: URLs removed)'),
  type,
  startAt: dateTimeField({ label: '开始时间' }),
  endAt: dateTimeField({ label: '结束时间' }),
  clueForm: z
    .preprocess(emptyToUndefined, z.enum([YesNo.yes, YesNo.no], '报名表单只能是是或否').optional())
    .transform((v) => v !== YesNo.no)
    .describe('是 (default) | 否: whether a 招生活动 shows its clue form while 进行中'),
}
export const createActivityBody = z.object(fields)
export const updateActivityBody = z.object({ id: idField, ...fields })
export const idQuery = z.object({ id: idField })
export const idBody = z.object({ id: idField })

export const adminListQuery = z.object({
  keyword: optionalText(60),
  type: typeFilter,
  status: statusFilter,
  state: stateFilter,
  ...pagingQuery,
})
export const clientListQuery = z.object({ type: typeFilter, state: stateFilter, ...pagingQuery })

const common = {
  id: z.number(),
  title: z.string(),
  cover: z.string().nullable(),
  summary: z.string(),
  type: wireEnum(ACTIVITY_TYPES),
  state: wireEnum(ACTIVITY_STATES).describe('at the time of the answer'),
  acceptsClues: z.boolean().describe('a 招生活动 with its clue form on, 进行中: the page shows the form'),
  startAt: z.string(),
  endAt: z.string(),
}
export const clientActivityItemSchema = z.object(common)
export const clientActivitySchema = z.object({ ...common, body: z.string().describe('sanitised HTML') })
export const adminActivitySchema = z.object({
  ...common,
  body: z.string(),
  status: wireEnum(ACTIVITY_STATUSES),
  clueForm: z.boolean().describe('the clue form is on (a 招生活动 shows it while 进行中)'),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
