import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import {
  idField,
  intField,
  requiredDateField,
  wireEnum,
  labelledText as text,
  optionalLabelledText as optionalText,
} from '../../../lib/fields.ts'
import { APPROVAL_STATUSES, GRADUATION_CHECKS, GRADUATION_STATES, type GraduationState } from '../../../wire.ts'
import { approvalDetailsSchema } from '../../platform/index.ts'

const ids = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : String(v).split(',')),
    z
      .array(
        z.coerce
          .number({ error: `${label}不正确` })
          .int(`${label}不正确`)
          .positive(`${label}不正确`),
      )
      .max(max, `${label}最多${max}个`),
  )

export const auditBody = z.object({
  title: text('审核名称', 60),
  batchYear: intField({ label: '年份', min: 2015, max: 2030 }),
  batch: intField({ label: '批次', min: 1, max: 20 }),
  graduationDate: requiredDateField('毕业日期'),
  requiredCourseIds: ids('必修课程', 50),
})
export const auditUpdateBody = auditBody.omit({ batchYear: true, batch: true }).extend({ id: idField })
export const conditionBody = z.object({
  auditId: idField,
  name: text('条件名称', 30),
  programme: optionalText('适用层次', 30),
})
export const markBody = z.object({
  conditionId: idField,
  studentIds: ids('学员', 500).refine((v) => v.length > 0, '请选择学员'),
  met: z.preprocess((v) => (v === 'true' || v === '是' ? true : v === 'false' || v === '否' ? false : v), z.boolean('请选择是否满足')),
})
export const submitBody = z.object({
  auditId: idField,
  studentIds: ids('学员', 500).refine((v) => v.length > 0, '请选择学员'),
})
export const studentIdBody = z.object({ studentId: idField })
export const idQuery = z.object({ id: idField })
export const previewQuery = z.object({
  auditId: idField,
  state: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(GRADUATION_STATES as unknown as [GraduationState, ...GraduationState[]], '审核状态不存在').optional(),
  ),
  blockedBy: optionalText('未满足条件', 40),
  name: optionalText('姓名', 20),
  ...pagingQuery,
})
export const exportQuery = previewQuery.pick({ auditId: true, state: true, blockedBy: true, name: true })
export const graduatesQuery = z.object({
  auditId: z.preprocess((v) => (v === '' ? undefined : v), idField.optional()),
  name: optionalText('姓名', 20),
  ...pagingQuery,
})

export const checkSchema = z.object({
  key: z.string().describe('roll, tuition, courses, exams, thesis, photo, or manual:<condition id>'),
  kind: wireEnum(GRADUATION_CHECKS).describe('what the condition is about (the app links each to its page)'),
  name: z.string().describe('学籍状态, 学费, 必修课程, 考试, 毕业论文, 毕业照片, or the manual condition'),
  met: z.boolean(),
  detail: z.string().describe('what was found: 2 门课程未学完, 学费待缴 ¥3,000.00'),
})
export const auditSchema = z.object({
  id: z.number(),
  title: z.string(),
  batchYear: z.number(),
  batch: z.number(),
  graduationDate: z.string(),
  requiredCourses: z.array(z.object({ id: z.number(), title: z.string() })),
  conditions: z.array(z.object({ id: z.number(), name: z.string(), programme: z.string().nullable().describe('null: every student') })),
  createdBy: z.string(),
  createdAt: z.string(),
})
export const countsSchema = z.object({
  students: z.number().describe('the batch on the roll'),
  ready: z.number().describe('all conditions met, not submitted'),
  blocked: z.number().describe('a condition not met'),
  pending: z.number().describe('under audit'),
  graduated: z.number(),
})
export const auditListSchema = z.object({ list: z.array(auditSchema.extend({ counts: countsSchema })) })
export const graduateSchema = z.object({
  certificateNo: z.string(),
  graduatedOn: z.string(),
  createdAt: z.string(),
})
export const previewRowSchema = z.object({
  studentId: z.number(),
  name: z.string(),
  studentNo: z.string().nullable(),
  school: z.string(),
  major: z.string(),
  level: z.string(),
  programme: z.string().nullable(),
  checklist: z.array(checkSchema),
  state: wireEnum(GRADUATION_STATES),
  application: z
    .object({ id: z.number(), status: wireEnum(APPROVAL_STATUSES), approvalId: z.number().nullable() })
    .nullable()
    .describe('the latest audit request'),
  graduate: graduateSchema.nullable(),
})
export const previewSchema = z.object({
  audit: auditSchema,
  counts: countsSchema,
  list: z.array(previewRowSchema),
  total: z.number(),
  page: z.number(),
  size: z.number(),
})
export const markResultSchema = z.object({ updated: z.number() })
export const submitResultSchema = z.object({
  submitted: z.number(),
  skipped: z.array(z.object({ studentId: z.number(), name: z.string(), reason: z.string() })),
})
export const graduateRowSchema = graduateSchema.extend({
  studentId: z.number(),
  name: z.string(),
  studentNo: z.string().nullable(),
  school: z.string(),
  major: z.string(),
  level: z.string(),
  auditTitle: z.string(),
})
export const graduatesPageSchema = z.object({ list: z.array(graduateRowSchema), total: z.number(), page: z.number(), size: z.number() })
export const mineSchema = z.object({
  audit: z.object({ title: z.string(), graduationDate: z.string() }).nullable().describe("the student's batch's audit; null: none opened"),
  checklist: z.array(checkSchema),
  state: wireEnum(GRADUATION_STATES).nullable(),
  approval: approvalDetailsSchema.nullable().describe("the latest audit request's approval"),
  graduate: graduateSchema.nullable(),
})
