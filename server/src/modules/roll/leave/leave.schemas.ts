import { z } from 'zod'
import { idField, listText, requiredDateField, wireEnum } from '../../../lib/fields.ts'
import { APPROVAL_STATUSES, HALF_DAYS, type HalfDay, LEAVE_TYPES, type LeaveType } from '../../../wire.ts'
import { approvalDetailsSchema } from '../../platform/index.ts'

const half = (label: string) => z.enum(HALF_DAYS as unknown as [HalfDay, ...HalfDay[]], `请选择${label}是上午还是下午`)
const requiredDate = requiredDateField

export const leaveBody = z.object({
  type: z.enum(LEAVE_TYPES as unknown as [LeaveType, ...LeaveType[]], '请选择请假类型'),
  startDate: requiredDate('开始日期'),
  startHalf: half('开始时间'),
  endDate: requiredDate('结束日期'),
  endHalf: half('结束时间'),
  reason: z.string({ error: '请填写请假事由' }).trim().min(1, '请填写请假事由').max(200, '请假事由不能超过200个字符'),
  pictures: z.preprocess(listText, z.array(z.string().max(200)).max(6, '最多上传6张图片').default([])),
})
export const applyForBody = leaveBody.extend({ studentId: idField })
export const updateBody = leaveBody.extend({ id: idField })
export const destroyBody = z.object({ id: idField, backDate: requiredDate('返回日期'), backHalf: half('返回时间') })
export const idQuery = z.object({ id: idField })

export const leaveSchema = z.object({
  id: z.number(),
  studentId: z.number(),
  type: wireEnum(LEAVE_TYPES),
  startDate: z.string(),
  startHalf: wireEnum(HALF_DAYS),
  endDate: z.string(),
  endHalf: wireEnum(HALF_DAYS),
  halfDays: z.number().describe('the leave in half-days (3 = 1.5 days)'),
  daysText: z.string().describe('1.5天'),
  reason: z.string(),
  pictures: z.array(z.object({ key: z.string(), url: z.string() })),
  status: wireEnum(APPROVAL_STATUSES),
  appliedByName: z.string().nullable().describe('the head teacher who applied for the student (代请假)'),
  backDate: z.string().nullable().describe('销假: the day the student came back'),
  backHalf: wireEnum(HALF_DAYS).nullable(),
  usedHalfDays: z.number().nullable().describe('销假: the half-days actually taken'),
  createdAt: z.string(),
})
export const leaveWithApprovalSchema = z.object({ leave: leaveSchema, approval: approvalDetailsSchema })
export const leaveListSchema = z.object({
  list: z.array(leaveSchema.extend({ approvalId: z.number().nullable() })),
})
export const uploadSchema = z.object({
  key: z.string().describe('send it in pictures'),
  url: z.string().describe('signed preview address'),
})
