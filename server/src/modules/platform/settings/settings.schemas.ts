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
  [SettingKey.attendanceOpensMinutes]: z.number().describe('a face-to-face session opens for check-in this many minutes before its start'),
  [SettingKey.attendanceLateMinutes]: z.number().describe('a scan this many minutes after the start or later is 迟到'),
  [SettingKey.attendanceLeaveCounted]: z.boolean().describe('请假 counts in the denominator of the attendance statistics'),
  [SettingKey.attendanceWarnPercent]: z.number().describe('the absence rate (percent) that warns a student'),
  [SettingKey.attendanceWarnMinSessions]: z.number().describe('the sessions held before a rate can warn'),
  [SettingKey.attendanceMakeUpPerMonth]: z.number().describe('make-up check-ins (补卡) a student may ask for in a month'),
  [SettingKey.attendanceHolidays]: z.string().describe('holidays the timetable skips: YYYY-MM-DD dates separated by commas or lines'),
})

const minutes = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label}须为整数` })
    .int(`${label}须为整数`)
    .min(0, `${label}不能小于0`)
    .max(max, `${label}不能超过${max}`)
    .optional()

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
  [SettingKey.attendanceOpensMinutes]: minutes('提前开放签到的分钟数', 240),
  [SettingKey.attendanceLateMinutes]: minutes('迟到判定的分钟数', 240),
  [SettingKey.attendanceLeaveCounted]: bool.optional(),
  [SettingKey.attendanceWarnPercent]: z.coerce
    .number({ error: '预警缺勤率须为整数' })
    .int('预警缺勤率须为整数')
    .min(1, '预警缺勤率须在1到100之间')
    .max(100, '预警缺勤率须在1到100之间')
    .optional(),
  [SettingKey.attendanceWarnMinSessions]: minutes('预警起算课次', 100),
  [SettingKey.attendanceMakeUpPerMonth]: minutes('每月补卡次数', 31),
  [SettingKey.attendanceHolidays]: z
    .string({ error: '节假日格式不正确' })
    .trim()
    .max(4000, '节假日不能超过4000个字符')
    .refine(
      (v) => v.split(/[\s,，、]+/).every((d) => d === '' || /^\d{4}-\d{2}-\d{2}$/.test(d)),
      '节假日请填写 YYYY-MM-DD 格式的日期，用逗号或换行分隔',
    )
    .optional(),
})
