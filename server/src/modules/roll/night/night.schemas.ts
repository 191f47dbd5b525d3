import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { boolField, dateField, idField, intField, optionalText, wireEnum } from '../../../lib/fields.ts'
import { dateTimeField } from '../../../lib/form-fields.ts'
import { ATTENDANCE_WAYS, NIGHT_SIGN_UP_STATUSES, type NightSignUpStatus } from '../../../wire.ts'
import { phoneOut } from '../../../lib/sensitive.ts'

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

const text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字`)

export const CAPACITY_MAX = 10000
export const NIGHT_PHASES = ['未开始', '进行中', '已结束'] as const
export type NightPhase = (typeof NIGHT_PHASES)[number]

// ---- bodies and queries ----

const classFields = {
  title: text('课程名称', 60),
  subject: text('科目', 30),
  teacher: text('授课老师', 30),
  startsAt: dateTimeField({ label: '开始时间' }),
  endsAt: dateTimeField({ label: '结束时间' }),
  place: text('上课地点', 100),
  capacity: intField({ label: '名额', min: 1, max: CAPACITY_MAX, unit: '人' }),
  description: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string('课程介绍格式不正确').trim().max(2000, '课程介绍不能超过2000个字'),
  ),
  published: boolField('是否上架'),
  fixedCodeEnabled: boolField('打印的二维码签到').describe(
    'whether the printed (fixed) QR code checks students in; off: only the room screen’s rotating code. New classes: on; a change keeps it when not given',
  ),
}
const timeOrder = (v: { startsAt: Date; endsAt: Date }, ctx: z.RefinementCtx) => {
  // A field that failed its own check arrives here unparsed: its message is already given.
  if (!(v.startsAt instanceof Date) || !(v.endsAt instanceof Date)) return
  if (v.endsAt.getTime() <= v.startsAt.getTime()) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: '结束时间必须晚于开始时间' })
  else if (v.endsAt.getTime() - v.startsAt.getTime() > 24 * 3600_000)
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: '一节夜校课不能超过24小时' })
}
export const createClassBody = z.object(classFields).superRefine(timeOrder)
export const updateClassBody = z.object({ id: idField, ...classFields }).superRefine(timeOrder)
export const idBody = z.object({ id: idField })
export const idQuery = z.object({ id: idField })
export const classIdBody = z.object({ classId: idField.describe('the night class') })
export const checkInBody = z.object({
  classId: idField.describe('`c` of the QR code'),
  token: z
    .string({ error: '签到二维码无效，请扫描课堂上的最新二维码' })
    .trim()
    .min(1, '签到二维码无效，请扫描课堂上的最新二维码')
    .max(100, '签到二维码无效，请扫描课堂上的最新二维码')
    .describe('`t` of the QR code: the room screen’s 6-digit code, or the printed token while the class allows it'),
})
export const clientListQuery = z.object({
  scope: z
    .preprocess(emptyToUndefined, z.enum(['open', 'mine'], '范围只能是 open 或 mine').default('open'))
    .describe('open: published classes not ended yet, soonest first; mine: my 已报名 classes, the latest first'),
  ...pagingQuery,
})
export const attendanceListQuery = z.object({ ...pagingQuery })
export const consoleListQuery = z.object({
  keyword: optionalText(60).describe('part of the title, subject or teacher'),
  published: boolField('是否上架').describe('true: published only; false: unpublished only; blank: both'),
  date: dateField('上课日期').describe('YYYY-MM-DD: the classes starting on that day (Beijing time)'),
  ...pagingQuery,
})
export const signUpListQuery = z.object({
  classId: idField,
  status: z
    .preprocess(
      emptyToUndefined,
      z.enum(NIGHT_SIGN_UP_STATUSES as [NightSignUpStatus, ...NightSignUpStatus[]], '状态只能是已报名或已取消').optional(),
    )
    .describe(NIGHT_SIGN_UP_STATUSES.join(' | ')),
  ...pagingQuery,
})
export const exportQuery = z.object({ classId: idField })
export const officeCancelBody = z.object({ id: idField.describe('the sign-up'), reason: text('取消原因', 200) })
export const markBody = z.object({
  classId: idField,
  studentId: idField,
  present: z
    .preprocess(
      (v) =>
        v === 'false' || v === '0' || v === false
          ? false
          : v === 'true' || v === '1' || v === true || v === undefined || v === ''
            ? true
            : v,
      z.boolean('出勤只能是是或否'),
    )
    .describe('true (default): mark present (老师标记); false: remove the attendance'),
})

// ---- answers ----

const classCore = {
  id: z.number().int(),
  title: z.string(),
  subject: z.string(),
  teacher: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string(),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  phase: z.enum(NIGHT_PHASES),
}
export const clientItemSchema = z.object({
  ...classCore,
  signedUp: z.boolean().describe('I hold a 已报名 sign-up'),
  attended: z.boolean(),
})
export const clientDetailSchema = clientItemSchema.extend({
  description: z.string(),
  signedUpAt: z.string().nullable(),
  signUpOpen: z.boolean().describe('I may sign up now: not started, seats left, not signed up'),
  canCancel: z.boolean().describe('signed up and not started'),
  checkInOpensAt: z.string().describe(`startsAt minus the check-in window's opening minutes`),
  checkInOpen: z.boolean().describe('now within [checkInOpensAt, endsAt]'),
  attendance: z.object({ checkedInAt: z.string(), way: wireEnum(ATTENDANCE_WAYS) }).nullable(),
})
export const checkedInSchema = z.object({
  classId: z.number().int(),
  title: z.string(),
  place: z.string(),
  checkedInAt: z.string(),
  way: wireEnum(ATTENDANCE_WAYS),
  again: z.boolean().describe('true: I had checked in already; this answers the first time'),
})
export const attendanceItemSchema = z.object({
  classId: z.number().int(),
  title: z.string(),
  subject: z.string(),
  teacher: z.string(),
  place: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  attended: z.boolean(),
  checkedInAt: z.string().nullable(),
  way: wireEnum(ATTENDANCE_WAYS).nullable(),
})
export const consoleItemSchema = z.object({
  ...classCore,
  signedUpCount: z.number().int(),
  attendedCount: z.number().int(),
  published: z.boolean(),
  createdAt: z.string(),
})
export const consoleDetailSchema = consoleItemSchema.extend({
  description: z.string(),
  checkInUrl: z.string().describe('what the printable QR code encodes: <H5 origin>/pages/night/checkIn?c=<id>&t=<token>'),
  fixedCodeEnabled: z.boolean().describe('whether the printed QR code checks students in (off: only the room screen’s code)'),
})
export const screenCodeSchema = z.object({
  classId: z.number().int(),
  title: z.string(),
  place: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  code: z.string().describe('6 digits, good in this window and the next'),
  checkInUrl: z.string().describe('what the screen’s QR code encodes: <H5 origin>/pages/night/checkIn?c=<id>&t=<code>'),
  periodSeconds: z.number().int().describe('a new code every this many seconds'),
  changesAt: z.string().describe('when this window ends and the next code shows'),
  serverTime: z.string().describe('the server’s clock when it answered (the screen counts down by it)'),
  checkInOpensAt: z.string(),
  checkInOpen: z.boolean().describe('now within [checkInOpensAt, endsAt]'),
  fixedCodeEnabled: z.boolean(),
})
export const signUpItemSchema = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  name: z.string(),
  studentNo: z.string().nullable(),
  phone: phoneOut().describe('masked'),
  status: wireEnum(NIGHT_SIGN_UP_STATUSES),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(['student', 'office']).nullable(),
  cancelReason: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  way: wireEnum(ATTENDANCE_WAYS).nullable(),
})
export const markedSchema = z.object({
  classId: z.number().int(),
  studentId: z.number().int(),
  present: z.boolean(),
  checkedInAt: z.string().nullable(),
  way: wireEnum(ATTENDANCE_WAYS).nullable(),
})
