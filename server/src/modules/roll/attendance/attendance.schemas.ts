import { z } from 'zod'
import {
  dateField,
  dateOrder,
  idField,
  intField,
  listText,
  optionalId,
  requiredDateField,
  wireEnum,
  labelledText as text,
} from '../../../lib/fields.ts'
import { APPROVAL_STATUSES, ATTENDANCE_STATUSES, ATTENDANCE_WAYS, type AttendanceStatus, SESSION_PHASES } from '../../../wire.ts'

const time = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, `请选择${label}`)
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}格式应为HH:MM`)
const optional = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .default('')
const onlineUrl = optional('线上地址', 500).refine(
  (v) => v === '' || /^https?:\/\/[^\s"'<>]+$/.test(v),
  '线上地址须以 http:// 或 https:// 开头',
)
const status = z.enum(ATTENDANCE_STATUSES as unknown as [AttendanceStatus, ...AttendanceStatus[]], '请选择考勤状态')

/** Where and when a session is held: a room or an online address (at least one). */
const where = {
  place: optional('上课地点', 100),
  onlineUrl,
}
const needsWhere = (v: { place: string; onlineUrl: string }, ctx: z.RefinementCtx) => {
  if (!v.place && !v.onlineUrl) ctx.addIssue({ code: 'custom', path: ['place'], message: '请填写上课地点或线上地址' })
}
const timeOrder = (v: { startTime: string; endTime: string }, ctx: z.RefinementCtx) => {
  if (v.endTime <= v.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: '下课时间须晚于上课时间' })
}

/** 排课: one session (no lastDate) or weekly on `weekdays` (1 = Monday … 7 = Sunday) from firstDate to lastDate, holidays skipped. */
export const planBody = z
  .object({
    classId: idField,
    course: text('课程', 50),
    teacherId: idField,
    startTime: time('上课时间'),
    endTime: time('下课时间'),
    firstDate: requiredDateField('开始日期'),
    lastDate: dateField('结束日期'),
    weekdays: z.preprocess(
      listText,
      z.array(z.coerce.number().int().min(1, '星期须为1-7').max(7, '星期须为1-7'), { error: '请选择每周上课的星期' }).max(7).default([]),
    ),
    ...where,
  })
  .superRefine(needsWhere)
  .superRefine(timeOrder)
  .superRefine((v, ctx) => {
    if (v.lastDate && v.lastDate < v.firstDate) ctx.addIssue({ code: 'custom', path: ['lastDate'], message: '结束日期不能早于开始日期' })
    if (v.lastDate && v.weekdays.length === 0) ctx.addIssue({ code: 'custom', path: ['weekdays'], message: '请选择每周上课的星期' })
  })
export type PlanInput = z.infer<typeof planBody>

export const sessionUpdateBody = z
  .object({
    id: idField,
    course: text('课程', 50),
    teacherId: idField,
    date: requiredDateField('上课日期'),
    startTime: time('上课时间'),
    endTime: time('下课时间'),
    ...where,
  })
  .superRefine(needsWhere)
  .superRefine(timeOrder)
export type SessionUpdateInput = z.infer<typeof sessionUpdateBody>

export const cancelBody = z.object({ id: idField, reason: text('取消原因', 100) })
export const idQuery = z.object({ id: idField })
export const sessionQuery = z.object({ sessionId: idField })

export const sessionListQuery = z
  .object({
    classId: optionalId,
    teacherId: optionalId,
    course: z.string().trim().max(50).optional(),
    dateFrom: dateField('开始日期'),
    dateTo: dateField('结束日期'),
    page: intField({ label: '页码', min: 1, max: 100000 }).default(1),
    size: intField({ label: '每页条数', min: 1, max: 100 }).default(20),
  })
  .superRefine(dateOrder)

/** A week: the one holding `date` (Monday to Sunday, Beijing), today's when none. */
export const weekQuery = z.object({ date: dateField('日期') })

export const punchBody = z.object({
  sessionId: idField,
  code: z.string({ error: '请扫描课堂上的签到码' }).trim().min(1, '请扫描课堂上的签到码').max(100, '签到码不正确'),
  latitude: z.coerce.number().min(-90).max(90).optional().catch(undefined),
  longitude: z.coerce.number().min(-180).max(180).optional().catch(undefined),
  accuracy: z.coerce.number().min(0).max(100000).optional().catch(undefined),
})

/** 点名: the given students (or every student of the session: `all`) get `status`. */
export const changeStatusBody = z
  .object({
    sessionId: idField,
    studentIds: z.preprocess(listText, z.array(idField).max(2000, '一次最多点名2000人').default([])),
    all: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).default(false),
    status,
  })
  .superRefine((v, ctx) => {
    if (!v.all && v.studentIds.length === 0) ctx.addIssue({ code: 'custom', path: ['studentIds'], message: '请选择要点名的学员' })
  })

export const makeUpBody = z.object({
  sessionId: idField,
  reason: text('补卡原因', 200),
})

export const boardQuery = z
  .object({
    classId: idField,
    course: z.string().trim().max(50).optional(),
    dateFrom: dateField('开始日期'),
    dateTo: dateField('结束日期'),
  })
  .superRefine(dateOrder)

export const STATISTICS_BY = ['student', 'class', 'course', 'teacher'] as const
export const statisticsQuery = z
  .object({
    by: z.enum(STATISTICS_BY, '统计维度只能是 student、class、course 或 teacher').default('student'),
    classId: optionalId,
    dateFrom: dateField('开始日期'),
    dateTo: dateField('结束日期'),
  })
  .superRefine(dateOrder)

// ---- answers ----

const counts = z.object({
  total: z.number().describe('students of the session'),
  present: z.number(),
  late: z.number(),
  leave: z.number(),
  absent: z.number(),
  unmarked: z.number().describe('no record yet (the session has not ended)'),
})

export const sessionSchema = z.object({
  id: z.number(),
  classId: z.number(),
  className: z.string(),
  course: z.string(),
  teacherId: z.number().nullable(),
  teacherName: z.string(),
  date: z.string().describe('YYYY-MM-DD, Beijing'),
  startTime: z.string().describe('HH:MM'),
  endTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string(),
  onlineUrl: z.string(),
  phase: wireEnum(SESSION_PHASES),
  cancelReason: z.string().nullable(),
  planKey: z.string().nullable().describe('sessions planned together (one weekly plan) share it'),
  checkInOpensAt: z.string(),
  lateAt: z.string().describe('a scan from this moment is 迟到'),
})
export const sessionWithCountsSchema = sessionSchema.extend({ counts })

export const sessionPageSchema = z.object({ list: z.array(sessionWithCountsSchema), total: z.number() })
export const planResultSchema = z.object({
  created: z.number(),
  skipped: z.array(z.string()).describe('dates left out as holidays'),
  planKey: z.string().nullable(),
})

export const clientSessionSchema = sessionSchema.extend({
  status: wireEnum(ATTENDANCE_STATUSES).nullable().describe('null: no record yet'),
  way: wireEnum(ATTENDANCE_WAYS).nullable(),
  checkedInAt: z.string().nullable(),
  checkInOpen: z.boolean(),
  makeUp: z
    .object({ id: z.number(), status: wireEnum(APPROVAL_STATUSES), approvalId: z.number().nullable() })
    .nullable()
    .describe('the latest 补卡 asked for this session'),
  canMakeUp: z.boolean(),
})
export const weekSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  today: z.string(),
  sessions: z.array(clientSessionSchema),
})

export const teacherWeekSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  today: z.string(),
  sessions: z.array(sessionWithCountsSchema),
})

export const screenSchema = z.object({
  sessionId: z.number(),
  course: z.string(),
  className: z.string(),
  place: z.string(),
  code: z.string().describe('6 digits; changes every periodSeconds'),
  checkInUrl: z.string().describe('what the QR code carries'),
  periodSeconds: z.number(),
  changesAt: z.string(),
  serverTime: z.string(),
  checkInOpensAt: z.string(),
  lateAt: z.string(),
  endsAt: z.string(),
  checkInOpen: z.boolean(),
  counts,
})

export const punchResultSchema = z.object({
  sessionId: z.number(),
  course: z.string(),
  place: z.string(),
  status: wireEnum(ATTENDANCE_STATUSES),
  checkedInAt: z.string().nullable(),
  again: z.boolean().describe('true: checked in before; this is the first record'),
})

export const rosterSchema = z.object({
  session: sessionSchema,
  counts,
  canMark: z.boolean(),
  rows: z.array(
    z.object({
      studentId: z.number(),
      name: z.string(),
      studentNo: z.string().nullable(),
      phone: z.string().describe('masked'),
      status: wireEnum(ATTENDANCE_STATUSES).nullable(),
      way: wireEnum(ATTENDANCE_WAYS).nullable(),
      checkedInAt: z.string().nullable(),
      markedByName: z.string().nullable(),
      onLeave: z.boolean().describe('an approved leave holds the session'),
      located: z.boolean().describe('the scan carried a location'),
    }),
  ),
})

export const makeUpResultSchema = z.object({ id: z.number(), status: wireEnum(APPROVAL_STATUSES), approvalId: z.number() })

const rule = z.object({
  leaveCounted: z.boolean(),
  text: z.string().describe('how the rates are counted, for people'),
})

export const boardSchema = z.object({
  rule,
  sessions: z.array(
    z.object({ id: z.number(), date: z.string(), startTime: z.string(), course: z.string(), phase: wireEnum(SESSION_PHASES) }),
  ),
  rows: z.array(
    z.object({
      studentId: z.number(),
      name: z.string(),
      studentNo: z.string().nullable(),
      cells: z.array(wireEnum(ATTENDANCE_STATUSES).nullable()).describe("one per session, in the sessions' order"),
    }),
  ),
})

const figures = {
  held: z.number().describe('sessions held so far (ended, not cancelled)'),
  present: z.number(),
  late: z.number(),
  leave: z.number(),
  absent: z.number(),
  denominator: z.number().describe('应出勤: held, less 请假 unless the setting counts it'),
  attendanceRate: z.number().nullable().describe('(出勤 + 迟到) / denominator, percent with one decimal; null when 0'),
  absenceRate: z.number().nullable().describe('缺勤 / denominator, percent with one decimal'),
}
export const statisticsSchema = z.object({
  rule,
  rows: z.array(z.object({ key: z.number().or(z.string()), label: z.string(), ...figures })),
})

export const atRiskSchema = z.object({
  rule,
  thresholdPercent: z.number(),
  minSessions: z.number(),
  rows: z.array(
    z.object({
      studentId: z.number(),
      name: z.string(),
      studentNo: z.string().nullable(),
      className: z.string(),
      ...figures,
      warnedAt: z.string().nullable(),
    }),
  ),
})

export const optionsSchema = z.object({
  teachers: z.array(z.object({ id: z.number(), name: z.string() })),
  classes: z.array(z.object({ id: z.number(), name: z.string() })),
  courses: z.array(z.string()),
})

export const sessionImportReportSchema = z.object({
  total: z.number(),
  imported: z.number().describe('sessions created: all rows, or 0 when any row was refused'),
  failed: z.number(),
  errors: z.array(z.object({ row: z.number(), reason: z.string() })),
})
