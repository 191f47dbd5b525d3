import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, intField, optionalText, wireEnum } from '../../../lib/fields.ts'
import {
  BATCH_MAX,
  BATCH_YEAR_MAX,
  BATCH_YEAR_MIN,
  NOTICE_STATUSES,
  type NoticeStatus,
  STUDENT_LEVELS,
  type StudentLevel,
} from '../../../wire.ts'

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
export const CONTENT_MAX = 100_000
const TARGET_TEXT_MAX = 60

/** An optional target text (学校, 专业): blank means "any". */
const targetText = (label: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string(`${label}格式不正确`)
      .trim()
      .max(TARGET_TEXT_MAX, `${label}不能超过${TARGET_TEXT_MAX}个字符`)
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  )

/** The audience: students whose roll matches every field given (none given: every student). */
export const targetFields = {
  targetSchool: targetText('学校').describe('only students of this school (blank: any)'),
  targetMajor: targetText('专业').describe('only students of this major (blank: any)'),
  targetLevel: z
    .preprocess(emptyToUndefined, z.enum(STUDENT_LEVELS as [StudentLevel, ...StudentLevel[]], '层次只能是专科或本科').optional())
    .describe(`${STUDENT_LEVELS.join(' | ')} (blank: any)`),
  targetBatchYear: z
    .preprocess(emptyToUndefined, intField({ label: '年级', min: BATCH_YEAR_MIN, max: BATCH_YEAR_MAX }).optional())
    .describe(`${BATCH_YEAR_MIN}-${BATCH_YEAR_MAX} (blank: any)`),
  targetBatch: z
    .preprocess(emptyToUndefined, intField({ label: '批次', min: 1, max: BATCH_MAX }).optional())
    .describe(`1-${BATCH_MAX} (blank: any)`),
}

const fields = {
  title: z.string({ error: '请填写通知标题' }).trim().min(1, '请填写通知标题').max(60, '通知标题不能超过60个字符'),
  content: z
    .string({ error: '请填写通知内容' })
    .max(CONTENT_MAX, `通知内容不能超过${CONTENT_MAX}个字符`)
    .describe('HTML; sanitised on save (scripts, event handlers, javascript: URLs removed)'),
  ...targetFields,
}
export const saveNoticeBody = z.object(fields)
export const updateNoticeBody = z.object({ id: idField, ...fields })
export const audienceQuery = z.object(targetFields)
export const idQuery = z.object({ id: idField })
export const idBody = z.object({ id: idField })

export const adminListQuery = z.object({
  keyword: optionalText(60).describe('part of the title'),
  status: z.preprocess(
    emptyToUndefined,
    z.enum(NOTICE_STATUSES as [NoticeStatus, ...NoticeStatus[]], '状态只能是草稿、已发布或已下架').optional(),
  ),
  ...pagingQuery,
})
export const clientListQuery = z.object({ ...pagingQuery })

export const adminNoticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: wireEnum(NOTICE_STATUSES),
  targetSchool: z.string().nullable(),
  targetMajor: z.string().nullable(),
  targetLevel: wireEnum(STUDENT_LEVELS).nullable(),
  targetBatchYear: z.number().int().nullable(),
  targetBatch: z.number().int().nullable(),
  targetLabel: z.string().describe("'全部学员', or the target fields set: '某校 · 某专业 · 本科 · 2026年1期'"),
  audience: z.number().int().describe('students addressed now'),
  readCount: z.number().int().describe('students who opened it'),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export const adminNoticeDetailSchema = adminNoticeSchema.extend({ content: z.string().describe('sanitised HTML') })
export const audienceSchema = z.object({ count: z.number().int().describe('students the notice would reach now') })

export const clientNoticeItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string().describe('plain text, the first 60 characters of the content'),
  publishedAt: z.string(),
  read: z.boolean(),
})
export const clientNoticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string().describe('sanitised HTML'),
  publishedAt: z.string(),
  read: z.literal(true),
})
export const unreadCountSchema = z.object({ count: z.number().int() })
