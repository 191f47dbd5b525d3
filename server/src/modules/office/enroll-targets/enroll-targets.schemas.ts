import { z } from 'zod'
import { idField, intField } from '../../../lib/fields.ts'

/** Targets are counts a month; a cap keeps a typo (10000 for 100) from passing. */
export const TARGET_MAX = 100_000

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/
/** A month YYYY-MM (Beijing calendar), 2000-01..2999-12. */
export const monthField = z
  .string({ error: '请选择月份' })
  .trim()
  .regex(monthPattern, '月份格式应为YYYY-MM')
  .refine((v) => v >= '2000-01' && v <= '2999-12', '月份超出范围')
  .describe('YYYY-MM, a Beijing (Asia/Shanghai) calendar month')
/** Optional in a query: the current Beijing month when blank. */
export const monthQuery = z.object({
  month: z.preprocess((v) => (v === '' || v === null ? undefined : v), monthField.optional()).describe('YYYY-MM; blank: this month'),
})

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idField.optional())

export const setTargetBody = z
  .object({
    month: monthField,
    adminId: optionalId.describe("a teacher's target (admins.id); give this or departmentId"),
    departmentId: optionalId.describe("a department's target (departments.id); give this or adminId"),
    followTarget: intField({ label: '跟进目标', min: 0, max: TARGET_MAX }).describe('clues to follow up in the month'),
    dealTarget: intField({ label: '成交目标', min: 0, max: TARGET_MAX }).describe('deals to close in the month'),
  })
  .superRefine((b, ctx) => {
    if ((b.adminId === undefined) === (b.departmentId === undefined))
      ctx.addIssue({ code: 'custom', path: ['adminId'], message: '请选择一位老师或一个部门' })
  })

export const targetSchema = z.object({
  id: z.number(),
  month: z.string(),
  adminId: z.number().nullable(),
  departmentId: z.number().nullable(),
  followTarget: z.number(),
  dealTarget: z.number(),
})

const targetFigures = {
  followTarget: z.number().nullable().describe('null: no target set'),
  dealTarget: z.number().nullable().describe('null: no target set'),
}
export const targetListSchema = z.object({
  month: z.string(),
  teachers: z.array(
    z.object({
      adminId: z.number(),
      name: z.string(),
      departmentId: z.number().nullable(),
      departmentName: z.string().nullable(),
      ...targetFigures,
    }),
  ),
  departments: z.array(z.object({ departmentId: z.number(), name: z.string(), ...targetFigures })),
})

const figures = {
  assigned: z.number().describe('clues assigned to them in the month (by assignment time, their current clues)'),
  followed: z.number().describe('clues with at least one of their follow-ups in the month'),
  deals: z.number().describe('deals closed in the month on their clues (refunded ones left out)'),
  ...targetFigures,
  followProgress: z.number().nullable().describe('followed / followTarget, % with one decimal; null without a target'),
  dealProgress: z.number().nullable().describe('deals / dealTarget, %; null without a target'),
  conversionRate: z.number().nullable().describe('deals / assigned, %; null when none was assigned'),
  medianFirstFollowUpSeconds: z
    .number()
    .nullable()
    .describe("median seconds from assignment to the teacher's first follow-up, over the month's assigned clues followed up"),
  firstFollowUpClues: z.number().describe('how many clues that median is over'),
  rank: z.number().describe('1 = best, by deals then conversion rate; equal figures share a rank'),
}
export const statisticsSchema = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  all: z.boolean().describe('true: every row; false: the viewer’s own row and department'),
  teachers: z.array(
    z.object({
      adminId: z.number(),
      name: z.string(),
      enabled: z.boolean(),
      departmentId: z.number().nullable(),
      departmentName: z.string().nullable(),
      ...figures,
    }),
  ),
  departments: z.array(z.object({ departmentId: z.number(), name: z.string(), members: z.number(), ...figures })),
})
