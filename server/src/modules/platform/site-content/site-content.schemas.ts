import { z } from 'zod'
import { urlField } from '../../../lib/form-fields.ts'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, optionalText } from '../../../lib/fields.ts'

export const BODY_MAX = 100_000
export const IMAGES_MAX = 20
/** Keys the client pages depend on (/pages/user/agreement, /pages/user/privacy). */
export const PROTECTED_KEYS = ['agreement', 'privacy']

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

const key = z
  .string()
  .trim()
  .regex(/^[a-z][A-Za-z0-9_-]{1,39}$/, '内容标识为2-40位字母、数字、下划线或短横线，以小写字母开头')

/**
 * Image URLs: repeated form fields (`images=a&images=b`), one field holding a JSON array or
 * lines/commas, or a JSON array. Empty means none.
 */
const images = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return []
    if (Array.isArray(v)) return v
    if (typeof v === 'string') {
      const s = v.trim()
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s) as unknown
        } catch {
          return v
        }
      }
      return s
        .split(/[\n,]+/)
        .map((x) => x.trim())
        .filter(Boolean)
    }
    return v
  },
  z.array(urlField({ label: '图片地址' }), { error: '图片地址格式不正确' }).max(IMAGES_MAX, `图片最多${IMAGES_MAX}张`),
)

const fields = {
  key: z.preprocess(emptyToUndefined, key.optional()).describe('optional stable name, e.g. agreement, privacy'),
  title: z.string({ error: '请填写标题' }).trim().min(1, '请填写标题').max(100, '标题不能超过100个字符'),
  body: z.string({ error: '请填写内容' }).max(BODY_MAX, `内容不能超过${BODY_MAX}个字符`).describe('HTML; sanitised on save'),
  images: images.describe('image URLs: repeated fields, a JSON array, or one per line'),
}
export const createContentBody = z.object(fields)
export const updateContentBody = z.object({ id: idField, ...fields })
export const idQuery = z.object({ id: idField })
export const listQuery = z.object({ keyword: optionalText(40), ...pagingQuery })

/** Exactly one of `id` and `key`. */
export const clientDetailsQuery = z
  .object({
    id: z.preprocess(emptyToUndefined, idField.optional()),
    key: z.preprocess(emptyToUndefined, key.optional()),
  })
  .refine((q) => (q.id === undefined) !== (q.key === undefined), '请提供内容编号或内容标识（二选一）')

export const contentSchema = z.object({
  id: z.number(),
  key: z.string().nullable(),
  title: z.string(),
  body: z.string().describe('sanitised HTML'),
  images: z.array(z.string()),
  updatedAt: z.string(),
})
export const adminContentSchema = contentSchema.extend({ createdAt: z.string() })
export const contentItemSchema = adminContentSchema.omit({ body: true }).extend({ summary: z.string() })
