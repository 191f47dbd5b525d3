import { z } from 'zod'
import { SettingKey } from '../../../wire.ts'

const bool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: '开关只能是 true 或 false' }))

export const settingsSchema = z.object({
  [SettingKey.commissionUntilTuitionPaid]: z
    .boolean()
    .describe('a deal’s commission stays frozen until its student’s first tuition order is paid'),
  [SettingKey.receiptPayee]: z.string().describe('the payee printed on receipts'),
  [SettingKey.receiptSeal]: z.string().describe('URL of the seal image stamped on receipts (empty: a drawn seal)'),
})

export const settingsBody = z.object({
  [SettingKey.commissionUntilTuitionPaid]: bool.optional(),
  [SettingKey.receiptPayee]: z
    .string({ error: '收款单位格式不正确' })
    .trim()
    .min(1, '请填写收款单位')
    .max(60, '收款单位不能超过60个字符')
    .optional(),
  [SettingKey.receiptSeal]: z
    .string({ error: '印章图片地址格式不正确' })
    .trim()
    .max(500, '印章图片地址不能超过500个字符')
    .refine((v) => v === '' || /^(https:\/\/|\/)[^\s"'<>]*$/.test(v), '印章图片地址须以 https:// 或 / 开头')
    .optional(),
})
