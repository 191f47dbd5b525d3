import { isRight } from '@activity/domain'
import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, intField, jsonText, listText, wireEnum } from '../../../lib/fields.ts'
import { APPROVAL_DECISIONS, APPROVAL_KINDS, APPROVAL_MODES, APPROVAL_STATUSES, APPROVER_TYPES } from '../../../wire.ts'

const approver = z
  .object({
    type: z.enum(APPROVER_TYPES as [string, ...string[]], { error: '请选择审批人类型' }),
    positionId: idField.optional(),
    departmentId: idField.optional(),
    right: z.string().max(60).optional(),
  })
  .superRefine((a, ctx) => {
    if (a.type === 'right' && !isRight(a.right ?? '')) ctx.addIssue({ code: 'custom', message: '请选择权限', path: ['right'] })
    if (a.type === 'position' && !a.positionId) ctx.addIssue({ code: 'custom', message: '请选择岗位', path: ['positionId'] })
    if (a.type === 'departmentHead' && !a.departmentId) ctx.addIssue({ code: 'custom', message: '请选择部门', path: ['departmentId'] })
  })

const step = z.object({
  name: z.string({ error: '请填写步骤名称' }).trim().min(1, '请填写步骤名称').max(20, '步骤名称不能超过20个字符'),
  approver,
  mode: z.enum(APPROVAL_MODES as [string, ...string[]], { error: '请选择或签或会签' }),
  minDays: z.preprocess((v) => (v === '' ? null : v), intField({ label: '天数', min: 0, max: 365, unit: '天' }).nullable().optional()),
})

export const kindField = z.enum(APPROVAL_KINDS as [string, ...string[]], { error: '审批类型不存在' })

export const saveFlowBody = z.object({
  kind: kindField,
  steps: z.preprocess(jsonText, z.array(step, { error: '请添加审批步骤' }).min(1, '至少需要一个审批步骤').max(10, '审批步骤不能超过10个')),
  cc: z.preprocess(jsonText, z.array(approver).max(10, '抄送不能超过10项').default([])),
  overdueHours: intField({ label: '超时提醒', min: 1, max: 720, unit: '小时' }).default(24),
  revokeDays: intField({ label: '可撤销天数', min: 0, max: 365, unit: '天' }).default(7),
})

const approverOut = z.object({
  type: z.string(),
  positionId: z.number().optional(),
  departmentId: z.number().optional(),
  right: z.string().optional(),
  approverName: z.string(),
})
export const flowSchema = z.object({
  kind: z.string(),
  kindName: z.string(),
  custom: z.boolean(),
  steps: z.array(
    z.object({
      name: z.string(),
      approver: z.object({
        type: z.string(),
        positionId: z.number().optional(),
        departmentId: z.number().optional(),
        right: z.string().optional(),
      }),
      approverName: z.string(),
      mode: z.string(),
      minDays: z.number().nullable(),
    }),
  ),
  cc: z.array(approverOut),
  overdueHours: z.number(),
  revokeDays: z.number(),
  updatedAt: z.string().nullable(),
})
export const flowListSchema = z.object({ list: z.array(flowSchema) })

export const BOXES = ['waiting', 'done', 'cc', 'submitted', 'all'] as const
export const listQuery = z.object({
  ...pagingQuery,
  box: z.enum(BOXES, { error: '列表不存在' }).default('waiting'),
  kind: z.preprocess((v) => (v === '' ? undefined : v), kindField.optional()),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(APPROVAL_STATUSES as [string, ...string[]], { error: '状态不存在' }).optional(),
  ),
  keyword: z.string().trim().max(50).optional(),
})
export const idQuery = z.object({ id: idField })
export const decideBody = z.object({
  id: idField,
  decision: z.enum(APPROVAL_DECISIONS as [string, ...string[]], { error: '请选择同意、驳回或退回' }),
  comment: z.string().trim().max(200, '意见不能超过200个字符').optional(),
})
export const batchDecideBody = z.object({
  ids: z.preprocess(
    listText,
    z.array(z.coerce.number().int().positive(), { error: '请选择审批' }).min(1, '请选择审批').max(100, '一次最多处理100条'),
  ),
  decision: z.enum(['approve', 'refuse'], { error: '批量只能同意或驳回' }),
  comment: z.string().trim().max(200, '意见不能超过200个字符').optional(),
})
export const ccBody = z.object({
  id: idField,
  adminIds: z.preprocess(
    listText,
    z.array(z.coerce.number().int().positive(), { error: '请选择抄送人' }).min(1, '请选择抄送人').max(20, '一次最多抄送20人'),
  ),
})
export const revokeBody = z.object({
  id: idField,
  reason: z.string({ error: '请填写撤销原因' }).trim().min(1, '请填写撤销原因').max(200, '撤销原因不能超过200个字符'),
})

const field = z.object({ label: z.string(), value: z.string() })
export const approvalSummarySchema = z.object({
  id: z.number(),
  kind: wireEnum(APPROVAL_KINDS),
  kindName: z.string(),
  subjectId: z.number(),
  title: z.string(),
  fields: z.array(field),
  applicantName: z.string(),
  submittedByName: z.string().nullable(),
  status: wireEnum(APPROVAL_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
})
export const approvalListItemSchema = approvalSummarySchema.extend({ currentStep: z.string().nullable(), overdue: z.boolean() })
export const approvalDetailsSchema = approvalSummarySchema.extend({
  steps: z.array(
    z.object({
      id: z.number(),
      seq: z.number(),
      name: z.string(),
      mode: z.string(),
      modeName: z.string(),
      status: z.string(),
      startedAt: z.string().nullable(),
      decidedAt: z.string().nullable(),
      dueAt: z.string().nullable(),
      overdue: z.boolean(),
      approvers: z.array(
        z.object({
          adminId: z.number(),
          name: z.string(),
          decision: z.string().nullable(),
          decisionName: z.string().nullable(),
          comment: z.string().nullable(),
          actedAt: z.string().nullable(),
        }),
      ),
    }),
  ),
  timeline: z.array(
    z.object({ id: z.number(), actorName: z.string(), action: z.string(), comment: z.string().nullable(), createdAt: z.string() }),
  ),
  can: z.object({ decide: z.boolean(), withdraw: z.boolean(), revoke: z.boolean(), resubmit: z.boolean() }),
})
export const batchResultSchema = z.object({
  results: z.array(z.object({ id: z.number(), ok: z.boolean(), status: z.string().nullable(), message: z.string() })),
})
export const countSchema = z.object({
  waiting: z.number(),
  unreadMessages: z.number().describe('my unread approval messages (待审批, 催办, 抄送)'),
})
export const messagesQuery = z.object(pagingQuery)
export const messagesSchema = z.object({
  list: z.array(
    z.object({ id: z.number(), requestId: z.number(), kind: z.string(), title: z.string(), read: z.boolean(), createdAt: z.string() }),
  ),
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  size: z.number(),
})
export const readMessagesBody = z.object({
  id: z.preprocess((v) => (v === '' ? undefined : v), idField.optional()).describe('one message; none: every one'),
})
const named = z.object({ id: z.number(), name: z.string() })
export const flowOptionsSchema = z.object({ positions: z.array(named), departments: z.array(named) })
