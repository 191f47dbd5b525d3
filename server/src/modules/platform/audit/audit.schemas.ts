import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { dateOrder, dateRangeQuery, optionalId } from '../../../lib/fields.ts'
import { AUDIT_ACTIONS, type AuditAction } from '../../../wire.ts'
import { sensitive } from '../../../lib/sensitive.ts'

const empty = (v: unknown) => (v === '' ? undefined : v)

export const auditListQuery = z
  .object({
    adminId: optionalId,
    action: z.preprocess(empty, z.enum(AUDIT_ACTIONS as [AuditAction, ...AuditAction[]], '操作类型不在可选范围内').optional()),
    entityType: z.preprocess(
      empty,
      z
        .string()
        .regex(/^[A-Za-z]{1,20}$/, '对象类型格式不正确')
        .optional(),
    ),
    entityId: z.preprocess(empty, z.string().trim().max(64, '对象编号不能超过64个字符').optional()),
    ...dateRangeQuery,
    ...pagingQuery,
  })
  .superRefine(dateOrder)

export const auditLogSchema = z.object({
  id: z.number(),
  adminId: z.number(),
  adminName: z.string(),
  adminRole: z.string(),
  action: z.string(),
  actionLabel: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  summary: sensitive('text', z.string()).describe('a phone or ID number in it masked'),
  before: sensitive('text', z.record(z.string(), z.unknown()).nullable()).describe('status and money fields before the change'),
  after: sensitive('text', z.record(z.string(), z.unknown()).nullable()).describe('status and money fields after the change'),
  stepUpId: z.number().nullable().describe('the step-up (二次验证) the action ran under (its own stepUp.confirm entry has the same id)'),
  createdAt: z.string(),
})
