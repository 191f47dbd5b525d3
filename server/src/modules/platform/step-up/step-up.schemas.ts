import { z } from 'zod'
import { codeField, wireEnum } from '../../../lib/fields.ts'
import { STEP_UP_METHODS } from '../../../wire.ts'

export const passwordBody = z.object({
  password: z.string({ error: '请填写密码' }).min(1, '请填写密码').max(64, '密码不能超过64个字符'),
})
export const codeBody = z.object({ code: codeField })

export const stepUpSchema = z.object({
  id: z.number(),
  method: wireEnum(STEP_UP_METHODS),
  expiresAt: z.string().describe('valid until then, in this session only'),
})

export const stepUpStateSchema = z.object({
  methods: z.array(wireEnum(STEP_UP_METHODS)).describe('password always; totp once bound, else sms with a phone'),
  phone: z.string().nullable().describe('where an SMS code goes, masked'),
  totpEnabled: z.boolean(),
  validUntil: z.string().nullable().describe("the current session's step-up, if one is valid"),
  minutes: z.number().describe('how long a step-up holds (STEP_UP_MINUTES)'),
})

export const smsSentSchema = z.object({ phone: z.string().describe('masked') })
export const totpSetupSchema = z.object({
  secret: z.string().describe('base32, to type into an authenticator by hand'),
  uri: z.string().describe('otpauth://totp/... for a QR code'),
})
