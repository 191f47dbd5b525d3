import { z } from 'zod'
import { carrierField, parcelSchema, waybillField } from '../../roll/index.ts'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, intField, jsonText, optionalId, optionalText, phoneField, wireEnum } from '../../../lib/fields.ts'
import {
  GOOD_KINDS,
  GOOD_ORDER_STATUSES,
  GOOD_STATUSES,
  type GoodKind,
  type GoodOrderStatus,
  type GoodStatus,
  POINTS_APPLICATION_STATUSES,
  POINTS_RECORD_TYPES,
  POINTS_WAY_KINDS,
  type PointsApplicationStatus,
  type PointsRecordType,
  type PointsWayKind,
  QUESTION_IMAGES_MAX,
} from '../../../wire.ts'
import { phoneOut } from '../../../lib/sensitive.ts'

const blank = (v: unknown) => (v === '' || v === null ? undefined : v)

const text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字`)

const optionalLong = (label: string, max: number) =>
  z.preprocess(blank, z.string(`${label}格式不正确`).trim().max(max, `${label}不能超过${max}个字`).optional())

const oneOf = <T extends string>(values: readonly T[], label: string) => z.enum(values as [T, ...T[]], `${label}只能是${values.join('、')}`)
const optionalOneOf = <T extends string>(values: readonly T[], label: string) =>
  z.preprocess(blank, oneOf(values, label).optional()).describe(values.join(' | '))

const bool = (label: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean(`${label}只能是 true 或 false`),
  )

/** Where the module's pictures are kept: `points/<yyyy>/<mm>/<s|t><uploader id>-<random>.<ext>`. */
const KEY_PATTERN = /^points\/\d{4}\/\d{2}\/[st]\d+-[0-9a-f]{24}\.(png|jpg|webp)$/
const keyField = z
  .string('图片格式不正确，请重新上传')
  .transform((k) => k.replace(/^\/files\//, '').replace(/\?.*$/, ''))
  .refine((k) => KEY_PATTERN.test(k), '图片格式不正确，请重新上传')

/** Picture keys: a JSON array, or (form bodies) the JSON text or `k1,k2`. */
const imagesField = z
  .preprocess(
    (v) => {
      if (v === undefined || v === null) return []
      if (typeof v !== 'string') return v
      const t = v.trim()
      if (t === '') return []
      if (t.startsWith('[')) {
        try {
          return JSON.parse(t) as unknown
        } catch {
          return v
        }
      }
      return t.split(',').map((s) => s.trim())
    },
    z.array(keyField, '图片格式不正确，请重新上传').max(QUESTION_IMAGES_MAX, `最多上传${QUESTION_IMAGES_MAX}张图片`),
  )
  .describe('keys answered by the upload; a JSON array, or comma-separated in a form')

// ---- the student ----

export const idQuery = z.object({ id: idField })
export const idBody = z.object({ id: idField })
export const recordsClientQuery = z.object({ type: optionalOneOf(POINTS_RECORD_TYPES, '类型'), ...pagingQuery })
export const pagingOnly = z.object({ ...pagingQuery })
export const goodsClientQuery = z.object({ kind: optionalOneOf(GOOD_KINDS, '商品类型'), ...pagingQuery })
export const ordersClientQuery = z.object({ status: optionalOneOf(GOOD_ORDER_STATUSES, '订单状态'), ...pagingQuery })

export const applyBody = z.object({
  wayId: idField.describe('an enabled 线下活动 way'),
  description: text('申请说明', 500),
  images: imagesField.optional(),
})

const addressSchema = z.object(
  {
    name: text('收货人', 20),
    phone: phoneField,
    address: text('收货地址', 120),
  },
  '收货地址格式不正确',
)
export const exchangeBody = z.object({
  goodId: idField,
  quantity: intField({ label: '兑换数量', min: 1, max: 99 }).default(1),
  address: z
    .preprocess((v) => (v === '' || v === null || v === undefined ? undefined : jsonText(v)), addressSchema.optional())
    .describe('{name, phone, address}: required for 教材 and 实物; a JSON object (JSON text in a form)'),
})
export const cancelClientBody = z.object({ id: idField })

// ---- the office ----

export const wayBody = z.object({
  kind: oneOf(POINTS_WAY_KINDS, '途径类型'),
  name: text('途径名称', 30),
  points: intField({ label: '积分', min: 1, max: 100000 }),
  dailyCap: intField({ label: '每日上限', min: 0, max: 1000 }).default(0).describe('times per day; 0: no cap'),
  enabled: bool('启用').default(true),
  description: optionalLong('说明', 200),
})
export const wayUpdateBody = wayBody.extend({ id: idField })
export const levelBody = z.object({
  name: text('等级名称', 20),
  minPoints: intField({ label: '所需积分', min: 0, max: 100000000 }),
})
export const levelUpdateBody = levelBody.extend({ id: idField })

export const recordsConsoleQuery = z.object({
  studentId: optionalId,
  keyword: optionalText(60).describe("the student's name, number or phone"),
  type: optionalOneOf(POINTS_RECORD_TYPES, '类型'),
  wayKind: optionalOneOf(POINTS_WAY_KINDS, '途径类型'),
  ...pagingQuery,
})
export const accountsConsoleQuery = z.object({
  keyword: optionalText(60).describe("the student's name, number or phone"),
  ...pagingQuery,
})
export const consoleAccountSchema = z.object({
  studentId: z.number().int(),
  name: z.string(),
  studentNo: z.string().nullable(),
  /** Masked. */
  phone: phoneOut(),
  balance: z.number().int(),
  lifetime: z.number().int(),
  /** The level of the lifetime points, null below the lowest or with no levels. */
  level: z.string().nullable(),
  /** The last change; null before the first. */
  updatedAt: z.string().nullable(),
})
export const adjustBody = z.object({
  studentId: idField,
  change: intField({ label: '调整积分', min: -1000000, max: 1000000 }).refine((v) => v !== 0, '调整积分不能为0'),
  note: text('调整原因', 100),
})
export const applicationsQuery = z.object({
  status: optionalOneOf(POINTS_APPLICATION_STATUSES, '审核状态'),
  keyword: optionalText(60),
  ...pagingQuery,
})
export const approveBody = z.object({ id: idField, note: optionalLong('备注', 200) })
export const refuseBody = z.object({ id: idField, note: text('驳回原因', 200) })

export const goodsConsoleQuery = z.object({
  kind: optionalOneOf(GOOD_KINDS, '商品类型'),
  status: optionalOneOf(GOOD_STATUSES, '状态'),
  keyword: optionalText(60),
  ...pagingQuery,
})
export const goodBody = z.object({
  kind: oneOf(GOOD_KINDS, '商品类型'),
  name: text('商品名称', 40),
  cover: z.preprocess(blank, keyField.optional()),
  description: optionalLong('商品介绍', 2000),
  points: intField({ label: '所需积分', min: 1, max: 10000000 }),
  stock: intField({ label: '库存', min: 0, max: 1000000 }),
  perPersonLimit: intField({ label: '每人限兑', min: 0, max: 1000 }).default(0).describe('0: no limit'),
  courseId: optionalId.describe('课程券 only: the course it opens'),
  status: oneOf(GOOD_STATUSES, '状态').default('上架' as GoodStatus),
  sort: intField({ label: '排序', min: 0, max: 100000 }).default(0),
})
export const goodUpdateBody = goodBody.extend({ id: idField })
export const goodStatusBody = z.object({ id: idField, status: oneOf(GOOD_STATUSES, '状态') })
export const ordersConsoleQuery = z.object({
  status: optionalOneOf(GOOD_ORDER_STATUSES, '订单状态'),
  keyword: optionalText(60).describe("the good's name, or the student's name, number or phone"),
  ...pagingQuery,
})
export const shipBody = z.object({
  id: idField,
  expressCompany: carrierField.describe('the carrier: its code or name (顺丰速运), tracked by the parcel'),
  expressNo: waybillField,
})
export const cancelBody = z.object({ id: idField, reason: text('取消原因', 100) })

// ---- answers ----

const level = z.object({ id: z.number().int(), name: z.string(), minPoints: z.number().int() })
export const summarySchema = z.object({
  balance: z.number().int(),
  lifetime: z.number().int(),
  level: level.nullable(),
  nextLevel: level.nullable().describe('the next level up, or null at the top'),
  checkedInToday: z.boolean(),
  ways: z.array(
    z.object({
      id: z.number().int(),
      kind: wireEnum(POINTS_WAY_KINDS),
      name: z.string(),
      points: z.number().int(),
      dailyCap: z.number().int().describe('0: no cap'),
      description: z.string().nullable(),
      doneToday: z.number().int(),
    }),
  ),
})
export const checkInSchema = z.object({ points: z.number().int(), balance: z.number().int() })
export const recordSchema = z.object({
  id: z.number().int(),
  change: z.number().int(),
  balanceAfter: z.number().int(),
  type: wireEnum(POINTS_RECORD_TYPES),
  wayKind: wireEnum(POINTS_WAY_KINDS).nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
})
export const consoleRecordSchema = recordSchema.extend({
  studentId: z.number().int(),
  name: z.string(),
  studentNo: z.string().nullable(),
  adminName: z.string().nullable(),
})
const image = z.object({ key: z.string(), url: z.string() })
export const applicationSchema = z.object({
  id: z.number().int(),
  wayId: z.number().int(),
  wayName: z.string(),
  description: z.string(),
  images: z.array(image),
  status: wireEnum(POINTS_APPLICATION_STATUSES),
  points: z.number().int().nullable(),
  note: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
})
export const consoleApplicationSchema = applicationSchema.extend({
  studentId: z.number().int(),
  name: z.string(),
  studentNo: z.string().nullable(),
  phone: phoneOut().describe('masked'),
})
export const waySchema = z.object({
  id: z.number().int(),
  kind: wireEnum(POINTS_WAY_KINDS),
  name: z.string(),
  points: z.number().int(),
  dailyCap: z.number().int(),
  enabled: z.boolean(),
  description: z.string().nullable(),
  updatedAt: z.string(),
})
export const levelSchema = level
export const goodSchema = z.object({
  id: z.number().int(),
  kind: wireEnum(GOOD_KINDS),
  name: z.string(),
  cover: z.string().nullable().describe('storage key'),
  coverUrl: z.string().nullable().describe('signed address'),
  description: z.string().nullable(),
  points: z.number().int(),
  stock: z.number().int(),
  sold: z.number().int(),
  perPersonLimit: z.number().int().describe('0: no limit'),
  courseId: z.number().int().nullable(),
  courseTitle: z.string().nullable(),
  status: wireEnum(GOOD_STATUSES),
  sort: z.number().int(),
  needsAddress: z.boolean().describe('教材 and 实物 are shipped: the exchange needs an address'),
})
export const clientGoodSchema = goodSchema.extend({
  exchanged: z.number().int().describe('how many I have exchanged (not cancelled)'),
})
export const goodOrderSchema = z.object({
  id: z.number().int(),
  goodId: z.number().int(),
  goodName: z.string(),
  goodKind: wireEnum(GOOD_KINDS),
  quantity: z.number().int(),
  unitPoints: z.number().int(),
  totalPoints: z.number().int(),
  status: wireEnum(GOOD_ORDER_STATUSES),
  address: z.object({ name: z.string(), phone: phoneOut(), address: z.string() }).nullable(),
  expressCompany: z.string().nullable(),
  expressNo: z.string().nullable(),
  shippedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  parcel: parcelSchema.nullable().describe('the shipped parcel, tracked like a mailing of textbooks'),
})
export const consoleGoodOrderSchema = goodOrderSchema.extend({
  studentId: z.number().int(),
  name: z.string(),
  studentNo: z.string().nullable(),
})
export const exchangedSchema = z.object({ order: goodOrderSchema, balance: z.number().int() })
export const adjustedSchema = z.object({ record: recordSchema, balance: z.number().int() })
export const uploadSchema = z.object({ key: z.string().describe('send it in images / cover'), url: z.string() })
export const deletedSchema = z.object({ id: z.number().int() })

export type { GoodKind, GoodOrderStatus, PointsApplicationStatus, PointsRecordType, PointsWayKind }
