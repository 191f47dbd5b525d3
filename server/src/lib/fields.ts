import { z } from 'zod'
import { TIME_TYPES, type TimeType } from '../wire.ts'

/** Shared field schemas with the messages a person reads. Form values arrive as strings. */
export const phoneField = z
  .string({ error: '请填写手机号' })
  .trim()
  .min(1, '请填写手机号')
  .regex(/^1[3-9]\d{9}$/, '手机号格式不正确')

export const codeField = z
  .string({ error: '请填写验证码' })
  .trim()
  .min(1, '请填写验证码')
  .regex(/^\d{6}$/, '验证码为6位数字')

export const passwordField = z
  .string({ error: '请填写密码' })
  .min(1, '请填写密码')
  .regex(/^[A-Za-z0-9]{8,32}$/, '密码为8-32位字母和数字')
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), '密码需同时包含字母和数字')

/**
 * An integer field from a form string or a JSON number, with messages naming it: missing ->
 * 请填写X, not a number -> X格式不正确, out of range -> X不能小于/大于.
 */
export function intField({ label, min, max, unit = '' }: { label: string; min: number; max: number; unit?: string }) {
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? `请填写${label}` : `${label}格式不正确`) })
      .int(`${label}必须为整数${unit ? `（${unit}）` : ''}`)
      .min(min, `${label}不能小于${min}${unit}`)
      .max(max, `${label}不能大于${max}${unit}`),
  )
}

/** A positive database id. */
export const idField = intField({ label: '编号', min: 1, max: 2147483647 })

/** Required text that names its field: missing or blank -> 请填写X, too long -> X不能超过N个字符. */
export function labelledText(label: string, max: number) {
  return z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字符`)
}

/** Optional text that names its field: blank or null is "not given", too long -> X不能超过N个字符. */
export function optionalLabelledText(label: string, max: number) {
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(max, `${label}不能超过${max}个字符`).optional(),
  )
}

/** Optional text: an empty form value means "not given". */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v))
}

export function requiredText(max: number) {
  return z.string().trim().min(1).max(max)
}

/** Fen, an integer amount of money. */
export function fenField({ label = '金额', min, max }: { label?: string; min: number; max: number }) {
  return intField({ label, min, max, unit: '分' })
}

/** A calendar date YYYY-MM-DD (a real day, 2000-2999). */
function dateText(label: string, missing: string) {
  return z
    .string({ error: missing })
    .min(1, missing)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为YYYY-MM-DD`)
    .refine((v) => {
      const [y, m, d] = v.split('-').map(Number) as [number, number, number]
      const t = new Date(Date.UTC(y, m - 1, d))
      return y >= 2000 && y <= 2999 && t.getUTCMonth() === m - 1 && t.getUTCDate() === d
    }, `${label}不是有效日期`)
}

/** A calendar date YYYY-MM-DD (a real day); empty means "not given". */
export function dateField(label: string) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), dateText(label, `${label}格式不正确`).optional())
}

/** A calendar date YYYY-MM-DD that must be given (`请选择<label>` when empty). */
export function requiredDateField(label: string) {
  return dateText(label, `请选择${label}`)
}

/** `dateFrom` / `dateTo` list filters (both inclusive); refuse a start after the end with `.superRefine(dateOrder)`. */
export const dateRangeQuery = { dateFrom: dateField('开始日期'), dateTo: dateField('结束日期') }
export function dateOrder(q: { dateFrom?: string; dateTo?: string }, ctx: z.RefinementCtx) {
  if (q.dateFrom && q.dateTo && q.dateFrom > q.dateTo)
    ctx.addIssue({ code: 'custom', path: ['dateTo'], message: '开始日期不能晚于结束日期' })
}

/** An optional id filter: empty means "not given". */
export const optionalId = z.preprocess((v) => (v === '' ? undefined : v), idField.optional())

/** A time-type filter (clue lists, deals, ledger): empty means none. */
export const timeTypeFilter = z.preprocess(
  (v: unknown) => (v === '' ? undefined : v),
  z.enum(TIME_TYPES as [TimeType, ...TimeType[]], '时间类型不在可选范围内').optional(),
)

/**
 * A field of an answer holding one value of a @activity/wire enumeration (a status, a type, a role
 * read from the database): the OpenAPI document, and so @activity/api-types, lists the values, and
 * the answer check of development and tests refuses any other. Its TypeScript type stays `string`
 * while the tables' columns are plain text.
 */
export const wireEnum = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .refine((v) => (values as readonly string[]).includes(v), `not one of ${values.join(' | ')}`)
    .meta({ enum: [...values] })

/**
 * An edit form's field filled from an answer a position without 查看完整手机号 got masked
 * (139****0000, 3301**********1234): sent back unchanged, the masked value keeps the stored one
 * (undefined); anything else is checked by `field`.
 */
export function keptIfMasked<T extends z.ZodType>(field: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.includes('*') ? undefined : v), field.optional())
}

/** A form's yes/no: 是/否 (the wire's YesNo), true/false or 1/0 as a boolean; empty is "not given"; other values as they are. */
export function yesNo(v: unknown): unknown {
  if (v === '' || v === null || v === undefined) return undefined
  if (v === true || v === 'true' || v === '1' || v === 1 || v === '是') return true
  if (v === false || v === 'false' || v === '0' || v === 0 || v === '否') return false
  return v
}

/** An optional yes/no field (yesNo). */
export const boolField = (label: string) => z.preprocess(yesNo, z.boolean(`${label}只能是是或否`).optional())

/** A list from a form: a JSON array's text or `a,b,c` (entries trimmed); empty: none; other values as they are. */
export function listText(v: unknown): unknown {
  if (typeof v !== 'string') return v
  const text = v.trim()
  if (text === '') return []
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return v
    }
  }
  return text.split(',').map((s) => s.trim())
}

/** JSON text from a form field as its value; other values (and text that is not JSON) as they are. */
export function jsonText(v: unknown): unknown {
  if (typeof v !== 'string') return v
  try {
    return JSON.parse(v) as unknown
  } catch {
    return v
  }
}
