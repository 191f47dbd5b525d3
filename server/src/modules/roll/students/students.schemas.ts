import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import {
  codeField,
  idField,
  intField,
  keptIfMasked,
  optionalText,
  phoneField,
  wireEnum,
  labelledText as text,
} from '../../../lib/fields.ts'
import {
  BATCH_MAX,
  BATCH_YEAR_MAX,
  BATCH_YEAR_MIN,
  EDUCATION_TYPES,
  type EducationType,
  GENDERS,
  type Gender,
  isValidIdCard,
  ROLL_FIELDS,
  ROLL_REQUEST_STATUSES,
  type RollField,
  type RollRequestStatus,
  STUDENT_LEVELS,
  STUDENT_STATUSES,
  type StudentLevel,
  type StudentStatus,
} from '../../../wire.ts'
import { idNumberOut, phoneOut, sensitive } from '../../../lib/sensitive.ts'

export const studentHeaderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  educationType: z.string(),
  school: z.string(),
  major: z.string(),
  level: z.string().describe('专科 / 本科'),
  programme: z.string().nullable().describe('专升本, 高起专…'),
  discipline: z.string().nullable(),
  batchYear: z.number().int(),
  batch: z.number().int().describe('1-20 (1期-20期)'),
  studentNo: z.string().nullable(),
  status: z.string().describe('在读 / 休学 / 退学 / 毕业'),
})

// ---- answers ----

/** The school roll (学籍) as the client and the console show it. */
export const rollSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: phoneOut().describe('masked (139****0000) for the student; whole in the console for a position with 查看完整手机号'),
  idCard: idNumberOut().describe('always masked: 3301**********1234'),
  gender: wireEnum(GENDERS).nullable(),
  educationType: wireEnum(EDUCATION_TYPES),
  school: z.string(),
  major: z.string(),
  level: wireEnum(STUDENT_LEVELS),
  programme: z.string().nullable(),
  discipline: z.string().nullable(),
  batchYear: z.number().int(),
  batch: z.number().int().describe('1-20 (1期-20期)'),
  studentNo: z.string().nullable(),
  status: wireEnum(STUDENT_STATUSES),
  createdAt: z.string(),
})

export const consoleRollSchema = rollSchema.extend({
  hasPartner: z.boolean().describe('the same person holds a partner profile'),
  classId: z.number().int().nullable().describe('the class (班级) the student is in now'),
  className: z.string().nullable(),
  clueId: z.number().int().nullable().describe('the clue whose deal this student came from'),
  remark: z.string().nullable(),
  updatedAt: z.string(),
})

export const historySchema = z.object({
  id: z.number().int(),
  fromStatus: wireEnum(STUDENT_STATUSES).nullable().describe('null for the registration'),
  toStatus: wireEnum(STUDENT_STATUSES),
  reason: z.string().nullable(),
  adminName: z.string().nullable().describe('the operator (console only; null for the student)'),
  createdAt: z.string(),
})

export const rollRequestSchema = z.object({
  id: z.number().int(),
  field: wireEnum(ROLL_FIELDS),
  fieldLabel: z.string().describe('姓名 / 身份证号 / 手机号'),
  oldValue: sensitive('text', z.string().nullable()).describe(
    'ID numbers masked; phones masked for the student and for a position without 查看完整手机号',
  ),
  newValue: sensitive('text', z.string()).describe(
    'ID numbers masked; phones masked for the student and for a position without 查看完整手机号',
  ),
  reason: z.string().nullable(),
  status: wireEnum(ROLL_REQUEST_STATUSES),
  refuseReason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
})

export const consoleRollRequestSchema = rollRequestSchema.extend({
  studentId: z.number().int(),
  studentName: z.string(),
  studentPhone: phoneOut(),
})

export const clientRollSchema = z.object({
  roll: rollSchema,
  history: z.array(historySchema).describe('newest first'),
  pending: z.array(rollRequestSchema),
})

export const consoleRollDetailSchema = z.object({
  roll: consoleRollSchema,
  history: z.array(historySchema).describe('newest first'),
  requests: z.array(rollRequestSchema).describe('every request of the student, newest first'),
})

export const studentImportReportSchema = z.object({
  total: z.number().describe('data rows read (empty rows skipped)'),
  imported: z.number().describe('rows saved: all of them, or 0 when any row was refused'),
  failed: z.number(),
  errors: z.array(z.object({ row: z.number().describe('sheet row (header = 1)'), reason: z.string() })).describe('at most 1000 listed'),
})

// ---- input ----

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const oneOf = <T extends string>(values: readonly T[], message: string) => z.enum(values as unknown as [T, ...T[]], message)
const optionalOneOf = <T extends string>(values: readonly T[], message: string) =>
  z.preprocess(emptyToUndefined, oneOf(values, message).optional())
const optional = (label: string, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string({ error: `${label}格式不正确` })
      .trim()
      .max(max, `${label}不能超过${max}个字符`)
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  )

export const nameField = z.string({ error: '请填写姓名' }).trim().min(2, '姓名为2-20个字符').max(20, '姓名为2-20个字符')
export const idCardField = z
  .string({ error: '请填写身份证号' })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => isValidIdCard(v), '身份证号不正确')
const optionalIdCard = z.preprocess(emptyToUndefined, idCardField.optional())
const batchYearField = intField({ label: '年份', min: BATCH_YEAR_MIN, max: BATCH_YEAR_MAX })
const batchField = intField({ label: '批次', min: 1, max: BATCH_MAX })

/** The roll fields the office registers and edits (save, update). */
const rollFields = {
  name: nameField,
  phone: phoneField,
  idCard: optionalIdCard,
  gender: optionalOneOf(GENDERS as readonly Gender[], '性别只能是男或女'),
  educationType: oneOf(EDUCATION_TYPES as readonly EducationType[], '请选择教育类型'),
  school: text('学校', 50),
  major: text('专业', 50),
  level: oneOf(STUDENT_LEVELS as readonly StudentLevel[], '请选择层次'),
  programme: optional('报读项目', 50),
  discipline: optional('学科', 50),
  batchYear: batchYearField,
  batch: batchField,
  studentNo: optional('学号', 30),
  remark: optional('备注', 200),
}
export const saveBody = z.object(rollFields)
/** An edit: the masked phone or ID number of a masked answer sent back keeps the one on file. */
export const updateBody = z.object({ id: idField, ...rollFields, phone: keptIfMasked(phoneField), idCard: keptIfMasked(optionalIdCard) })
export const changeStatusBody = z.object({
  id: idField,
  status: oneOf(STUDENT_STATUSES as readonly StudentStatus[], '请选择学籍状态'),
  reason: text('原因', 200),
})
export const fromClueBody = z.object({
  clueId: idField,
  educationType: rollFields.educationType,
  school: rollFields.school,
  major: rollFields.major,
  level: rollFields.level,
  batchYear: batchYearField,
  batch: batchField,
  idCard: optionalIdCard,
  gender: rollFields.gender,
  studentNo: rollFields.studentNo,
  discipline: rollFields.discipline,
})

/** The console's student filters (list and export). */
export const studentFilterQuery = {
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(30, '关键词不能超过30个字符').optional()),
  educationType: optionalOneOf(EDUCATION_TYPES as readonly EducationType[], '教育类型不在可选范围内'),
  school: optional('学校', 50),
  major: optional('专业', 50),
  level: optionalOneOf(STUDENT_LEVELS as readonly StudentLevel[], '层次不在可选范围内'),
  batchYear: z.preprocess(emptyToUndefined, batchYearField.optional()),
  batch: z.preprocess(emptyToUndefined, batchField.optional()),
  status: optionalOneOf(STUDENT_STATUSES as readonly StudentStatus[], '学籍状态不在可选范围内'),
  classId: z.preprocess(emptyToUndefined, idField.optional()).describe('only the students now in this class'),
  unplaced: z
    .preprocess((v) => (v === '' ? undefined : v === 'true' || v === '1' || v === true), z.boolean().optional())
    .describe('only the students in no class now'),
}
export const listQuery = z.object({ ...studentFilterQuery, ...pagingQuery })
export const exportQuery = z.object(studentFilterQuery)
export const detailsQuery = z.object({ id: idField })
export const byClueQuery = z.object({ clueId: idField })

export const requestListQuery = z.object({
  status: optionalOneOf(ROLL_REQUEST_STATUSES as readonly RollRequestStatus[], '状态不在可选范围内'),
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(30, '关键词不能超过30个字符').optional()),
  ...pagingQuery,
})
export const approveBody = z.object({ id: idField })
export const refuseBody = z.object({ id: idField, reason: text('驳回原因', 200) })

/** The student's correction request: the value is checked by field (name 2-20, an ID number's checksum, a phone with its SMS code). */
export const applyBody = z
  .object({
    field: oneOf(ROLL_FIELDS as readonly RollField[], '请选择要修改的项目'),
    value: z.string({ error: '请填写新的内容' }).trim().min(1, '请填写新的内容').max(40, '新的内容不能超过40个字符'),
    reason: optionalText(200),
    code: z.preprocess(emptyToUndefined, codeField.optional()),
  })
  .transform((b, ctx) => {
    const schema = b.field === 'name' ? nameField : b.field === 'idCard' ? idCardField : phoneField
    const parsed = schema.safeParse(b.value)
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: parsed.error.issues[0]?.message ?? '新的内容不正确' })
      return z.NEVER
    }
    if (b.field === 'phone' && !b.code) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: '请填写验证码' })
      return z.NEVER
    }
    return { ...b, value: parsed.data }
  })
