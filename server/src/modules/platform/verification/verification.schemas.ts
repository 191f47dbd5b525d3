import { z } from 'zod'
import { phoneField } from '../../../lib/fields.ts'
import { VERIFY_TYPES, VerifyType } from '../../../wire.ts'

export const sendVerifyBody = z.object({
  phone: phoneField,
  type: z
    .preprocess(
      (v) => (v === '' || v === undefined ? VerifyType.login : v),
      z.enum(VERIFY_TYPES as [VerifyType, ...VerifyType[]], '验证码类型不正确'),
    )
    .describe('登录 (default) / 注册 / 找回密码 / 绑定手机'),
})

export const outboxQuery = z.object({ phone: phoneField.optional() })

export const outboxItem = z.object({
  id: z.number(),
  phone: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
})
