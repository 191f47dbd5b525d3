import { z } from 'zod'
import { optionalDateTimeField } from '../../../lib/form-fields.ts'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, intField, wireEnum } from '../../../lib/fields.ts'
import { APP_PLATFORMS, type AppPlatform, YesNo } from '../../../wire.ts'

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const platform = z.enum(APP_PLATFORMS as [AppPlatform, ...AppPlatform[]], {
  error: (issue) => (issue.input === undefined ? '请选择平台' : '平台只能是 android 或 ios'),
})

const fields = {
  platform,
  version: z
    .string({ error: '请填写版本号' })
    .trim()
    .min(1, '请填写版本号')
    .regex(/^\d{1,4}(\.\d{1,4}){1,3}$/, '版本号格式不正确，例如 1.4.2'),
  buildNumber: intField({ label: '构建号', min: 1, max: 2_000_000_000 }),
  downloadUrl: z
    .string({ error: '请填写下载地址' })
    .trim()
    .min(1, '请填写下载地址')
    .max(2048, '下载地址不能超过2048个字符')
    .regex(/^https?:\/\/[^\s"'<>\\]+$/i, '下载地址须以 http:// 或 https:// 开头'),
  releaseNotes: z.string({ error: '请填写更新说明' }).trim().min(1, '请填写更新说明').max(2000, '更新说明不能超过2000个字符'),
  forceUpdate: z
    .preprocess(
      (v) => (v === '' || v === undefined ? YesNo.no : v === true ? YesNo.yes : v === false ? YesNo.no : v),
      z.enum([YesNo.yes, YesNo.no], '是否强制更新只能是是或否'),
    )
    .transform((v) => v === YesNo.yes)
    .describe('是 | 否 (default 否)'),
  releasedAt: optionalDateTimeField({ label: '发布时间' }).describe('default now; a future time schedules the release'),
}
export const createAppVersionBody = z.object(fields)
export const updateAppVersionBody = z.object({ id: idField, ...fields })
export const idQuery = z.object({ id: idField })
export const listQuery = z.object({ platform: z.preprocess(emptyToUndefined, platform.optional()), ...pagingQuery })
export const latestQuery = z.object({ platform })

export const appVersionSchema = z.object({
  id: z.number(),
  platform: wireEnum(APP_PLATFORMS),
  version: z.string(),
  buildNumber: z.number(),
  downloadUrl: z.string(),
  releaseNotes: z.string(),
  forceUpdate: z.boolean(),
  releasedAt: z.string(),
})
export const adminAppVersionSchema = appVersionSchema.extend({ createdAt: z.string(), updatedAt: z.string() })
