import { z } from 'zod'

export const getByKeyQuery = z.object({
  key: z
    .string({ error: '请填写配置项' })
    .trim()
    .min(1, '请填写配置项')
    .max(64, '配置项不存在')
    .describe('webAllowedHosts | oauthRedirectHosts | wechatOfficialAppId'),
})
export const configValueSchema = z.object({
  key: z.string(),
  value: z
    .array(z.string())
    .describe(
      'allow-lists: host patterns, exact host or *.domain (sub-domains; check URLs with isAllowedUrl of src/wire/allow-list.ts); wechatOfficialAppId: WECHAT_MP_APP_ID, or none',
    ),
})
