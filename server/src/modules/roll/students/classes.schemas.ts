import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, intField, jsonText, listText, wireEnum, labelledText as text } from '../../../lib/fields.ts'
import { BATCH_MAX, BATCH_YEAR_MAX, BATCH_YEAR_MIN, STUDENT_LEVELS, type StudentLevel } from '../../../wire.ts'
import { studentFilterQuery } from './students.schemas.ts'

const empty = (v: unknown) => (v === '' || v === null ? undefined : v)
const batchYear = intField({ label: '年份', min: BATCH_YEAR_MIN, max: BATCH_YEAR_MAX })
const batch = intField({ label: '批次', min: 1, max: BATCH_MAX })
const headTeacherId = z
  .preprocess((v) => (v === '' || v === undefined ? null : v), idField.nullable())
  .describe('the head teacher (admins.id); blank or null: none yet')

const classFields = {
  name: text('班级名称', 40),
  school: text('院校', 50),
  major: text('专业', 50),
  level: z.enum(STUDENT_LEVELS as unknown as [StudentLevel, ...StudentLevel[]], '请选择层次'),
  batchYear,
  batch,
  headTeacherId,
}
export const createClassBody = z.object(classFields)
export const updateClassBody = z.object({
  id: idField,
  ...Object.fromEntries(Object.entries(classFields).map(([k, v]) => [k, v.optional()])),
}) as unknown as z.ZodObject<{ id: typeof idField } & { [K in keyof typeof classFields]: z.ZodOptional<(typeof classFields)[K]> }>

export const classListQuery = z.object({
  ...pagingQuery,
  keyword: z.preprocess(empty, z.string().trim().max(40).optional()),
  school: z.preprocess(empty, z.string().trim().max(50).optional()),
  batchYear: z.preprocess(empty, batchYear.optional()),
  batch: z.preprocess(empty, batch.optional()),
  headTeacherId: z.preprocess(empty, idField.optional()),
})
export const idQuery = z.object({ id: idField })
export const historyQuery = z.object({ studentId: idField })

const studentIds = z.preprocess(listText, z.array(z.coerce.number().int().positive('学员编号有误')).max(2000, '一次最多2000名学员'))
export const assignBody = z
  .object({
    classId: idField,
    studentIds: studentIds.optional(),
    /** A roll filter (the student list's): every student it matches joins. */
    filter: z.preprocess(jsonText, z.object(studentFilterQuery).optional()),
  })
  .refine(
    (b) => (b.studentIds?.length ?? 0) > 0 || (b.filter && Object.entries(b.filter).some(([k, v]) => k !== 'unplaced' && v !== undefined)),
    { message: '请选择学员或填写筛选条件' },
  )
export const removeBody = z.object({ classId: idField, studentIds: studentIds.refine((v) => v.length > 0, '请选择学员') })

export const classSchema = z.object({
  id: z.number(),
  name: z.string(),
  school: z.string(),
  major: z.string(),
  level: wireEnum(STUDENT_LEVELS),
  batchYear: z.number(),
  batch: z.number(),
  headTeacherId: z.number().nullable(),
  headTeacherName: z.string().nullable(),
  studentCount: z.number(),
  createdAt: z.string(),
})
export const assignResultSchema = z.object({ joined: z.number(), moved: z.number(), already: z.number() })
export const removeResultSchema = z.object({ removed: z.number() })
export const classHistorySchema = z.object({
  list: z.array(
    z.object({
      classId: z.number(),
      className: z.string(),
      joinedAt: z.string(),
      leftAt: z.string().nullable(),
      addedBy: z.string().nullable(),
    }),
  ),
})
export const importQuery = z.object({ classId: idField })
export const classImportReportSchema = z.object({
  total: z.number().describe('data rows read'),
  imported: z.number().describe('rows taken: all of them, or 0 when any row was refused'),
  joined: z.number(),
  moved: z.number(),
  already: z.number(),
  failed: z.number(),
  errors: z.array(z.object({ row: z.number().describe('sheet row (header = 1)'), reason: z.string() })).describe('at most 1000 listed'),
})
export const headTeacherOptionsSchema = z.object({
  list: z.array(z.object({ id: z.number(), name: z.string(), positionName: z.string() })),
})
