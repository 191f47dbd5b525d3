import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, wireEnum, labelledText as text } from '../../../lib/fields.ts'
import { SANDBOX_STEPS, type SandboxStep } from '../../../gateways/tracking/index.ts'
import {
  CARRIER_CODES,
  CARRIERS,
  PARCEL_EXCEPTIONS,
  PARCEL_SOURCES,
  PARCEL_STATES,
  type ParcelSource,
  type ParcelState,
} from '../../../wire.ts'

const blankIsNone = (v: unknown) => (v === '' || v === null ? undefined : v)

/** The carrier a text names: its code, its name (顺丰速运), or the name's first two characters or more (顺丰). */
function carrierOf(text: string) {
  const t = text.trim()
  return CARRIERS.find((c) => c.code === t.toLowerCase() || c.name === t || (t.length >= 2 && c.name.startsWith(t)))?.code ?? t
}
/** A carrier: its code, or its name as the console and a spreadsheet write it (顺丰速运, 顺丰). */
export const carrierField = z.preprocess(
  (v) => (typeof v === 'string' ? carrierOf(v) : v),
  z.enum(CARRIER_CODES, { error: `快递公司只能是：${CARRIERS.map((c) => c.name).join('、')}` }),
)
/** A waybill number: letters and digits, 6 to 30 of them. */
export const waybillField = z
  .string({ error: '请填写运单号' })
  .trim()
  .min(1, '请填写运单号')
  .regex(/^[A-Za-z0-9]{6,30}$/, '运单号应为6到30位字母或数字')
  .transform((v) => v.toUpperCase())

export const trackSchema = z.object({
  time: z.string(),
  context: z.string(),
  status: z.string().nullable(),
  areaName: z.string().nullable(),
})

/** A parcel as the student reads it: the list's line. */
export const parcelSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  carrier: z.string(),
  carrierName: z.string(),
  waybillNo: z.string(),
  state: wireEnum(PARCEL_STATES),
  exception: wireEnum(PARCEL_EXCEPTIONS).nullable(),
  shippedAt: z.string(),
  lastTrackAt: z.string().nullable(),
  lastContext: z.string().nullable(),
  signedAt: z.string().nullable(),
  receivedAt: z.string().nullable().describe('确认收货, once'),
})
/** A parcel with its timeline (newest first), from the stored tracks. */
export const parcelDetailSchema = parcelSchema.extend({ tracks: z.array(trackSchema) })

export const consoleParcelSchema = parcelSchema.extend({
  source: wireEnum(PARCEL_SOURCES),
  sourceId: z.number().int(),
  student: z.object({ id: z.number().int(), name: z.string(), studentNo: z.string().nullable() }),
  problem: wireEnum(PARCEL_EXCEPTIONS).nullable().describe('what puts it in the exceptions queue now: an unhandled exception, or 停滞'),
  exceptionAt: z.string().nullable(),
  handledAt: z.string().nullable(),
  handledNote: z.string().nullable(),
  subscribedAt: z.string().nullable(),
  subscribeError: z.string().nullable(),
})
export const consoleParcelDetailSchema = consoleParcelSchema.extend({ tracks: z.array(trackSchema) })

export const parcelListQuery = z.object({
  state: z.preprocess(blankIsNone, z.enum(PARCEL_STATES as unknown as [ParcelState, ...ParcelState[]], '包裹状态不存在').optional()),
  source: z.preprocess(blankIsNone, z.enum(PARCEL_SOURCES as unknown as [ParcelSource, ...ParcelSource[]], '包裹来源不存在').optional()),
  queue: z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? undefined : v),
    z.boolean().optional(),
  ),
  keyword: z.preprocess(blankIsNone, z.string().trim().max(40, '关键词不能超过40个字符').optional()),
  ...pagingQuery,
})
export const idQuery = z.object({ id: idField })
export const handleBody = z.object({ id: idField, note: text('处理说明', 200) })
export const sandboxPushBody = z.object({
  id: idField,
  step: z.enum(SANDBOX_STEPS as unknown as [SandboxStep, ...SandboxStep[]], `推送只能是：${SANDBOX_STEPS.join('、')}`),
})
export const carriersSchema = z.object({
  carriers: z.array(z.object({ code: z.string(), name: z.string() })),
  sandbox: z.boolean().describe('the tracking provider is the sandbox: the console may push its steps'),
  stuckDays: z.number().int(),
})
