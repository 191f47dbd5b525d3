import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, listText, optionalId, optionalText, wireEnum } from '../../../lib/fields.ts'
import { QUESTION_IMAGES_MAX, REPLY_STATUSES, type ReplyStatus } from '../../../wire.ts'
import { phoneOut } from '../../../lib/sensitive.ts'

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const TITLE_MAX = 60
export const CONTENT_MAX = 2000
/** Where the thread's pictures are kept: `questions/<yyyy>/<mm>/<s|t><uploader id>-<random>.<ext>`. */
export const QUESTION_KEY_PREFIX = 'questions/'
const KEY_PATTERN = /^questions\/\d{4}\/\d{2}\/[st]\d+-[0-9a-f]{24}\.(png|jpg|webp)$/

const text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字`)

/**
 * The picture keys an upload answered: a JSON array, or (form bodies) the JSON text or `k1,k2`;
 * a signed /files/ address is taken as its key.
 */
const imagesField = z
  .preprocess(
    (v) => (v === undefined || v === null ? [] : listText(v)),
    z
      .array(
        z
          .string('图片格式不正确，请重新上传')
          .transform((k) => k.replace(/^\/files\//, '').replace(/\?.*$/, ''))
          .refine((k) => KEY_PATTERN.test(k), '图片格式不正确，请重新上传'),
        '图片格式不正确，请重新上传',
      )
      .max(QUESTION_IMAGES_MAX, `最多上传${QUESTION_IMAGES_MAX}张图片`),
  )
  .describe(`keys answered by the upload (at most ${QUESTION_IMAGES_MAX}); a JSON array, or comma-separated in a form`)

const statusFilter = z
  .preprocess(emptyToUndefined, z.enum(REPLY_STATUSES as [ReplyStatus, ...ReplyStatus[]], '状态只能是待回复或已回复').optional())
  .describe(REPLY_STATUSES.join(' | '))

// ---- bodies and queries ----

export const askBody = z.object({
  courseId: idField.describe('a course I joined'),
  sectionId: optionalId.describe('one of its sections (optional)'),
  title: text('标题', TITLE_MAX),
  content: text('问题描述', CONTENT_MAX),
  images: imagesField.optional(),
})
export const postBody = z.object({
  id: idField,
  content: text('内容', CONTENT_MAX),
  images: imagesField.optional(),
})
export const idBody = z.object({ id: idField })
export const idQuery = z.object({ id: idField })
export const clientListQuery = z.object({ status: statusFilter, ...pagingQuery })
export const consoleListQuery = z.object({
  status: statusFilter,
  courseId: optionalId,
  closed: z
    .preprocess(
      (v) =>
        v === '' || v === null || v === undefined
          ? undefined
          : v === 'true' || v === '1' || v === true
            ? true
            : v === 'false' || v === '0' || v === false
              ? false
              : v,
      z.boolean('关闭状态只能是 true 或 false').optional(),
    )
    .describe('true: closed ones only; false: open ones only; blank: both'),
  keyword: optionalText(60).describe("part of the title, the student's name or number, or their phone"),
  ...pagingQuery,
})
export const batchCloseBody = z.object({
  ids: z
    .preprocess(
      (v) => (typeof v === 'number' ? [v] : typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',').map((s) => s.trim())) : v),
      z.array(idField, '请选择要关闭的提问').min(1, '请选择要关闭的提问').max(200, '一次最多关闭200条'),
    )
    .describe('question ids, comma-separated in a form'),
  closed: z
    .preprocess((v) => (v === 'true' || v === '1' || v === true ? true : v), z.literal(true, '只能批量关闭'))
    .describe('always true: questions are closed, never reopened'),
})

// ---- answers ----

const image = z.object({ key: z.string(), url: z.string().describe('signed address, valid for hours') })
export const postSchema = z.object({
  id: z.number().int(),
  author: z.enum(['student', 'teacher']),
  teacherName: z.string().nullable().describe("the operator's name on a teacher's post"),
  content: z.string(),
  images: z.array(image),
  createdAt: z.string(),
})
export const detailSchema = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  sectionId: z.number().int().nullable(),
  sectionTitle: z.string().nullable(),
  title: z.string(),
  status: wireEnum(REPLY_STATUSES),
  closed: z.boolean(),
  closedBy: z.enum(['student', 'teacher']).nullable(),
  createdAt: z.string(),
  posts: z.array(postSchema).describe('oldest first; the first is the question itself'),
})
export const consoleDetailSchema = detailSchema.extend({
  student: z.object({ id: z.number().int(), name: z.string(), studentNo: z.string().nullable(), phone: phoneOut().describe('masked') }),
})
export const clientItemSchema = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  sectionTitle: z.string().nullable(),
  title: z.string(),
  status: wireEnum(REPLY_STATUSES),
  closed: z.boolean(),
  unread: z.number().int().describe("teachers' posts I have not read"),
  lastPostAt: z.string(),
  createdAt: z.string(),
})
export const consoleItemSchema = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  name: z.string(),
  studentNo: z.string().nullable(),
  courseTitle: z.string(),
  sectionTitle: z.string().nullable(),
  title: z.string(),
  status: wireEnum(REPLY_STATUSES),
  closed: z.boolean(),
  lastPostAt: z.string(),
  createdAt: z.string(),
  posts: z.number().int(),
})
export const uploadSchema = z.object({ key: z.string().describe('send it in images'), url: z.string().describe('signed preview address') })
export const askedSchema = z.object({ id: z.number().int() })
export const readSchema = z.object({ unread: z.literal(0) })
export const countSchema = z.object({ count: z.number().int() })
export const batchSchema = z.object({ updated: z.number().int().describe('questions closed now (already closed ones are left)') })
