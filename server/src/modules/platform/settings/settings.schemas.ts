import { SCHOOL_NAME_MAX } from '@activity/domain'
import { z } from 'zod'
import { SettingKey } from '../../../wire.ts'

const bool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: '开关只能是 true 或 false' }))

export const settingsSchema = z.object({
  [SettingKey.commissionUntilTuitionPaid]: z
    .boolean()
    .describe('a deal’s commission stays frozen until its student’s first tuition order is paid'),
  [SettingKey.receiptPayee]: z.string().describe('the payee printed on receipts'),
  [SettingKey.receiptSeal]: z.string().describe('URL of the seal image stamped on receipts (empty: a drawn seal)'),
  [SettingKey.schoolName]: z.string().describe('the school’s name: the console’s title, browser tab and sign-in screen'),
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
  [SettingKey.schoolName]: z
    .string({ error: '学校名称格式不正确' })
    .trim()
    .min(1, '请填写学校名称')
    .max(SCHOOL_NAME_MAX, `学校名称不能超过${SCHOOL_NAME_MAX}个字符`)
    // eslint-disable-next-line no-control-regex -- control characters are what it refuses
    .refine((v) => !/[<>\u0000-\u001f\u007f]/.test(v), '学校名称不能含有 < > 或控制字符')
    .optional(),
})
