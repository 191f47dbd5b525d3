import { z } from 'zod'
import { idField, intField } from '../../../lib/fields.ts'
import { YesNo } from '../../../wire.ts'

const url = z
  .string({ error: '请填写图片地址' })
  .trim()
  .min(1, '请填写图片地址')
  .max(2048, '图片地址不能超过2048个字符')
  .refine(
    (v) =>
      /^https?:\/\/[^\s]+$/.test(v) ||
      /^\/uploads\/[A-Za-z0-9/_.-]+$/.test(v) ||
      /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(v),
    '图片地址格式不正确',
  )

const fields = {
  name: z.string({ error: '请填写名称' }).trim().min(1, '请填写名称').max(40, '名称不能超过40个字符'),
  url,
  sort: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), intField({ label: '排序', min: 0, max: 10000 })),
}
/** 是/否 on the wire, a boolean inside; absent keeps the default (a new background is offered). */
const enabled = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .enum([YesNo.yes, YesNo.no], '启用状态只能是是或否')
    .optional()
    .transform((v) => (v === undefined ? undefined : v === YesNo.yes)),
)
export const createBackgroundBody = z.object({ ...fields, enabled })
export const updateBackgroundBody = z.object({ id: idField, ...fields, enabled })
export const idQuery = z.object({ id: idField })
export const backgroundSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  sort: z.number(),
  enabled: z.boolean().describe("offered on the partner's share poster"),
})
export const sharePosterSchema = z.object({
  backgrounds: z.array(backgroundSchema),
  code: z.string().describe("the partner's share code"),
  name: z.string(),
  link: z.string().describe('<PUBLIC_ORIGIN>/pages/activity/main?ref=<code>'),
})
export const miniCodeQuery = z.object({
  activityId: z.preprocess((v) => (v === '' ? undefined : v), intField({ label: '活动', min: 1, max: 2_147_483_647 }).optional()),
})
export const miniCodeSchema = z.object({
  url: z.string().describe('/uploads/wxacode/<name>.png: the image, served with the uploads'),
  page: z.string().describe('the mini-program page the code opens (pages/jump/index)'),
  scene: z.string().describe('r=<partner code>[&a=<activity id>], at most 32 characters'),
})
