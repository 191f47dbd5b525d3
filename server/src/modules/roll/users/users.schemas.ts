import { z } from 'zod'
import { LOGIN_PLATFORMS, LOGIN_TYPES, type LoginPlatform, type LoginType, YesNo } from '../../../wire.ts'
import { phoneField } from '../../../lib/fields.ts'
import { userSchema } from '../../partner-programme/index.ts'
import { studentHeaderSchema } from '../students/index.ts'
import { phoneOut } from '../../../lib/sensitive.ts'

const platform = z.enum(LOGIN_PLATFORMS as [LoginPlatform, ...LoginPlatform[]], '平台只能是 weixin 或 alipay')
const type = z.enum(LOGIN_TYPES as [LoginType, ...LoginType[]], '类型只能是公众号或小程序')
const yesNo = z.enum([YesNo.yes, YesNo.no])

export const signInBody = z.object({
  platform,
  signCode: z.string({ error: '请填写授权码' }).trim().min(1, '请填写授权码').max(512, '授权码不能超过512个字符'),
  type,
})

export const signInData = userSchema
  .partial()
  .extend({ bound: yesNo.describe('是: signed in (the user has an id); 否: open id remembered, sign in by phone to bind it') })

export const checkOpenIdQuery = z.object({ platform, type })

export const signOutQuery = z.object({
  unbind: z.preprocess((v) => (v === '' || v === undefined ? YesNo.no : v), yesNo.describe('是 also removes the open-id binding')),
})

export const signatureQuery = z.object({
  platform,
  url: z.string({ error: '请填写链接' }).trim().min(1, '请填写链接').max(2048, '链接不能超过2048个字符').url('链接格式不正确'),
})

export const signatureData = z.object({ appId: z.string(), timestamp: z.number().int(), nonceStr: z.string(), signature: z.string() })
export { yesNo }

/**
 * The signed-in person as the session calls answer: a partner exactly as before (id = the partner's
 * id, status and code); a person holding only a student profile without status and code, with
 * their account's id.
 */
export const sessionUserSchema = userSchema.partial({ status: true, code: true })

export const signInByCodeBody = z.object({
  phone: phoneField,
  code: z
    .string({ error: '请填写验证码' })
    .trim()
    .regex(/^\d{6}$/, '验证码为6位数字'),
})

export const personSchema = z.object({
  accountId: z.number().int(),
  phone: phoneOut().describe('masked: 139****0000'),
  profiles: z.array(z.enum(['partner', 'student'])).describe('what the person holds (a disabled partner profile is left out)'),
  user: sessionUserSchema.describe('the session user, as signInfo answers'),
  partner: z.object({ id: z.number().int(), status: z.string(), code: z.string() }).nullable(),
  student: studentHeaderSchema.extend({ unreadNotices: z.number().int() }).nullable(),
})
