import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import {
  boolField,
  dateField,
  fenField,
  idField,
  intField,
  listText,
  optionalId,
  optionalText,
  wireEnum,
  labelledText as text,
} from '../../../lib/fields.ts'
import { dateTimeField } from '../../../lib/form-fields.ts'
import {
  BATCH_MAX,
  BATCH_YEAR_MAX,
  BATCH_YEAR_MIN,
  LIVE_STATUSES,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  type ProductStatus,
  type ProductType,
  SECTION_KINDS,
  type SectionKind,
  STUDENT_LEVELS,
  type StudentLevel,
} from '../../../wire.ts'

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** The highest course price: ¥1,000,000.00 (the table's CHECK). */
export const PRICE_MAX = 100_000_000
/** At most this many ids in one sort or grant. */
export const IDS_MAX = 1000

/** Ids: a JSON array, or (form bodies) `1,2,3` or the JSON text. */
const idList = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? [v] : listText(v)),
    z.array(idField, `${label}格式不正确，应为编号列表，例如 3,1,2`).max(IDS_MAX, `${label}最多${IDS_MAX}个`),
  )

const productType = z.enum(PRODUCT_TYPES as [ProductType, ...ProductType[]], '课程类型只能是教材、直播课或线下课')
const productStatus = z.enum(PRODUCT_STATUSES as [ProductStatus, ...ProductStatus[]], '课程状态只能是上架或下架')
const sectionKind = z.enum(SECTION_KINDS as [SectionKind, ...SectionKind[]], '小节类型只能是视频、文档或直播')
/** A storage key the server handed out by an upload (`media/...` or `public/covers/...`), or its /files/ address. */
const storageKey = (label: string, prefix: 'media/' | 'public/') =>
  z.preprocess(
    emptyToUndefined,
    z
      .string(`${label}格式不正确`)
      .trim()
      .max(600, `${label}格式不正确`)
      .transform((v) => v.replace(/^\/files\//, '').replace(/\?.*$/, ''))
      .refine((v) => v.startsWith(prefix) && /^[A-Za-z0-9/._-]+$/.test(v) && !v.split('/').some((s) => s === '' || s.startsWith('.')), {
        message: `${label}格式不正确，请重新上传`,
      })
      .optional(),
  )
/** Seconds; a video's length from the browser may have decimals (kept to the second). */
const seconds = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z
      .number(`${label}格式不正确`)
      .min(0, `${label}不能小于0`)
      .max(24 * 3600, `${label}不能超过24小时`)
      .transform((v) => Math.round(v))
      .optional(),
  )

// ---- client ----

export const catalogueQuery = z.object({
  parentId: optionalId.describe('a first-level category: its children'),
  categoryId: optionalId.describe('a second-level category'),
  type: z.preprocess(emptyToUndefined, productType.optional()),
  keyword: optionalText(40).describe('part of the title'),
  ...pagingQuery,
})
export const idQuery = z.object({ id: idField })
export const courseIdBody = z.object({ courseId: idField })
export const courseIdQuery = z.object({ courseId: idField })
export const pageQuery = z.object({ ...pagingQuery })

export const courseCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string().nullable().describe('/files/public/... (null: none)'),
  type: wireEnum(PRODUCT_TYPES),
  categoryId: z.number().int(),
  categoryName: z.string(),
  parentCategoryName: z.string(),
  price: z.number().int().describe('fen, 0 = free'),
  sectionCount: z.number().int(),
  trialCount: z.number().int(),
  studentCount: z.number().int(),
  joined: z.boolean(),
  collected: z.boolean(),
})
export const sectionItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: wireEnum(SECTION_KINDS),
  duration: z.number().describe('seconds'),
  trial: z.boolean(),
  locked: z.boolean().describe('not joined and not a trial section'),
  finished: z.boolean(),
  position: z.number().describe('seconds: where to resume (0: never opened)'),
  liveSessionId: z.number().int().nullable(),
})
const progressSchema = z.object({
  finished: z.number().int(),
  total: z.number().int(),
  percent: z.number().int().describe('0..100'),
})
export const courseDetailSchema = courseCardSchema.extend({
  intro: z.string(),
  teacher: z.string(),
  noSkip: z.boolean(),
  status: wireEnum(PRODUCT_STATUSES),
  progress: progressSchema,
  lastSectionId: z.number().int().nullable(),
  pendingOrderId: z.number().int().nullable().describe('an unpaid/paying order of mine for it: pay it at pages/main/pay?id='),
  chapters: z.array(z.object({ id: z.number().int(), title: z.string(), sections: z.array(sectionItemSchema) })),
})
export const clientCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  children: z.array(z.object({ id: z.number().int(), name: z.string() })),
})
export const joinSchema = z.object({
  joined: z.boolean(),
  orderId: z.number().int().nullable().describe('a paid course: the order to pay at pages/main/pay?id='),
})
export const collectedSchema = z.object({ collected: z.boolean() })

// ---- console: categories ----

export const categoryTreeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  courseCount: z.number().int(),
  children: z.array(
    z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean(), sort: z.number().int(), courseCount: z.number().int() }),
  ),
})
export const categorySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
})
export const createCategoryBody = z.object({
  parentId: optionalId.describe('a first-level category (empty: a first-level one)'),
  name: text('分类名称', 30),
})
export const updateCategoryBody = z.object({ id: idField, name: text('分类名称', 30), enabled: boolField('启用状态') })
export const sortCategoriesBody = z.object({
  parentId: optionalId.describe('empty: the first-level categories'),
  ids: idList('分类排序').describe('every category of that level, in the new order'),
})

// ---- console: courses ----

export const adminCourseListQuery = z.object({
  keyword: optionalText(40).describe('part of the title'),
  categoryId: optionalId.describe('a category (a first-level one: all its children)'),
  type: z.preprocess(emptyToUndefined, productType.optional()),
  status: z.preprocess(emptyToUndefined, productStatus.optional()),
  ...pagingQuery,
})
const courseFields = {
  title: text('课程名称', 60),
  categoryId: idField.describe('a second-level category'),
  type: productType,
  price: fenField({ label: '价格', min: 0, max: PRICE_MAX }).describe('fen; 0 = free'),
  cover: storageKey('封面', 'public/').describe('the key (or /files/ address) an image upload answered'),
  intro: z.preprocess(emptyToUndefined, z.string('简介格式不正确').max(5000, '简介不能超过5000个字符').optional()),
  teacher: z.preprocess(emptyToUndefined, z.string('讲师格式不正确').trim().max(30, '讲师不能超过30个字符').optional()),
  noSkip: boolField('禁止拖动').describe('首次观看禁止拖动'),
}
export const createCourseBody = z.object({ ...courseFields })
export const updateCourseBody = z.object({ id: idField, ...courseFields })
export const changeStatusBody = z.object({ id: idField, status: productStatus })

export const adminCourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string().nullable(),
  type: wireEnum(PRODUCT_TYPES),
  categoryId: z.number().int(),
  categoryName: z.string(),
  price: z.number().int(),
  status: wireEnum(PRODUCT_STATUSES),
  noSkip: z.boolean(),
  teacher: z.string(),
  sectionCount: z.number().int(),
  studentCount: z.number().int(),
  finishedCount: z.number().int().describe('students who finished every section'),
  createdAt: z.string(),
})
export const adminSectionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: wireEnum(SECTION_KINDS),
  sort: z.number().int(),
  trial: z.boolean(),
  duration: z.number(),
  mediaKey: z.string().nullable(),
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  url: z.string().nullable().describe('a signed address to preview the file'),
  liveSessionId: z.number().int().nullable(),
})
export const adminCourseDetailSchema = adminCourseSchema.extend({
  coverKey: z.string().nullable(),
  intro: z.string(),
  parentCategoryId: z.number().int().nullable(),
  chapters: z.array(z.object({ id: z.number().int(), title: z.string(), sort: z.number().int(), sections: z.array(adminSectionSchema) })),
})

// ---- console: chapters and sections ----

export const createChapterBody = z.object({ courseId: idField, title: text('章标题', 60) })
export const updateChapterBody = z.object({ id: idField, title: text('章标题', 60) })
export const sortChaptersBody = z.object({
  courseId: idField,
  ids: idList('章排序').describe('every chapter of the course, in the new order'),
})
export const chapterSchema = z.object({ id: z.number().int(), courseId: z.number().int(), title: z.string(), sort: z.number().int() })
const sectionFields = {
  title: text('小节标题', 60),
  kind: sectionKind,
  trial: boolField('试看'),
  mediaKey: storageKey('文件', 'media/').describe('video/document: the key an upload answered'),
  fileName: z.preprocess(emptyToUndefined, z.string('文件名格式不正确').trim().max(120, '文件名不能超过120个字符').optional()),
  duration: seconds('时长').describe("seconds (a video's length, read by the browser)"),
  liveSessionId: optionalId.describe('live: the live session of this course'),
}
export const createSectionBody = z.object({ chapterId: idField, ...sectionFields })
export const updateSectionBody = z.object({ id: idField, ...sectionFields })
export const sortSectionsBody = z.object({
  chapterId: idField,
  ids: idList('小节排序').describe("the chapter's sections in the new order; a section of another chapter of the course moves here"),
})
export const sectionWriteSchema = adminSectionSchema.extend({ chapterId: z.number().int(), courseId: z.number().int() })

// ---- console: uploads ----

export const UPLOAD_KINDS = ['video', 'document', 'image'] as const
export type UploadKind = (typeof UPLOAD_KINDS)[number]
export const uploadSchema = z.object({
  key: z.string().describe('send it as mediaKey (video/document) or cover (image)'),
  url: z.string().describe('a (signed) address to preview it'),
  fileName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
})

// ---- console: live sessions ----

export const liveListQuery = z.object({
  courseId: optionalId,
  from: dateField('开始日期'),
  to: dateField('结束日期'),
  ...pagingQuery,
})
const liveFields = {
  courseId: idField,
  title: text('直播标题', 60),
  teacher: z.preprocess(emptyToUndefined, z.string('讲师格式不正确').trim().max(30, '讲师不能超过30个字符').optional()),
  startsAt: dateTimeField({ label: '开始时间' }),
  endsAt: dateTimeField({ label: '结束时间' }),
  roomUrl: z.preprocess(
    emptyToUndefined,
    z
      .string('直播间地址格式不正确')
      .trim()
      .max(1000, '直播间地址不能超过1000个字符')
      .regex(/^https?:\/\/[^\s"'<>\\]+$/i, '直播间地址须以 http:// 或 https:// 开头')
      .optional(),
  ),
  playbackKey: storageKey('回放视频', 'media/'),
  playbackDuration: seconds('回放时长'),
}
export const createLiveBody = z.object({ ...liveFields })
export const updateLiveBody = z.object({ id: idField, ...liveFields })
export const liveSchema = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  title: z.string(),
  teacher: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: wireEnum(LIVE_STATUSES),
  roomUrl: z.string().nullable(),
  playbackKey: z.string().nullable(),
  playbackUrl: z.string().nullable(),
  playbackDuration: z.number().int().nullable(),
  createdAt: z.string(),
})

// ---- console: grants ----

const rollText = (label: string) =>
  z.preprocess(emptyToUndefined, z.string(`${label}格式不正确`).trim().max(60, `${label}不能超过60个字符`).optional())
export const grantBody = z.object({
  courseId: idField,
  studentIds: z.preprocess(emptyToUndefined, idList('学员').optional()).describe('these students; or the roll filter below'),
  school: rollText('学校'),
  major: rollText('专业'),
  level: z.preprocess(emptyToUndefined, z.enum(STUDENT_LEVELS as [StudentLevel, ...StudentLevel[]], '层次只能是专科或本科').optional()),
  batchYear: z.preprocess(emptyToUndefined, intField({ label: '年级', min: BATCH_YEAR_MIN, max: BATCH_YEAR_MAX }).optional()),
  batch: z.preprocess(emptyToUndefined, intField({ label: '批次', min: 1, max: BATCH_MAX }).optional()),
})
export const grantSchema = z.object({
  granted: z.number().int().describe('students who got the course now'),
  already: z.number().int().describe('students who had it already (any source)'),
})
export const revokeQuery = z.object({ courseId: idField, studentId: idField })
