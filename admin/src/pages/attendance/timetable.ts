/**
 * 课表's pure pieces (timetable.test.ts): the 排课 form (one date, or weekly on chosen weekdays over
 * a date range) as the body the server takes, and how many sessions it makes; a session's 修改
 * form; what the office is told after 排课; and which actions a session offers in its phase.
 */
import { SessionPhase } from '@activity/wire'
import type { PlanInput, PlanResult, SessionRow, SessionUpdate } from '../../api/attendance'

/** The server's most sessions in one plan (PLAN_MAX_SESSIONS). */
export const PLAN_MAX_SESSIONS = 400

/** 1 = Monday … 7 = Sunday, as the server counts them. */
export const WEEKDAYS = [
  { value: 1, label: '周一' },
  { value: 2, label: '周二' },
  { value: 3, label: '周三' },
  { value: 4, label: '周四' },
  { value: 5, label: '周五' },
  { value: 6, label: '周六' },
  { value: 7, label: '周日' },
] as const

export type Repeat = 'once' | 'weekly'

export interface PlanValues {
  classId?: number
  course?: string
  teacherId?: number
  repeat: Repeat
  /** 单次: the day (YYYY-MM-DD). */
  date?: string
  /** 每周: the first and the last day (YYYY-MM-DD). */
  range?: [string, string]
  weekdays?: number[]
  /** Start and end, HH:mm. */
  time?: [string, string]
  place?: string
  onlineUrl?: string
}

export const planValues = (): PlanValues => ({ repeat: 'weekly', weekdays: [], place: '', onlineUrl: '' })

const DAY_MS = 86_400_000
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS
/** 1 = Monday … 7 = Sunday of a calendar date. */
export const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1

/** The days a weekly plan falls on, before holidays are left out (the server leaves them out). */
export function weeklyDates(first: string, last: string, weekdays: readonly number[]): string[] {
  const days = new Set(weekdays)
  const dates: string[] = []
  if (!first || !last || days.size === 0) return dates
  for (let n = dayNumber(first); n <= dayNumber(last) && dates.length <= PLAN_MAX_SESSIONS; n++) {
    const date = new Date(n * DAY_MS).toISOString().slice(0, 10)
    if (days.has(weekdayOf(date))) dates.push(date)
  }
  return dates
}

/** How many sessions the form would make now (0 while it lacks a day). */
export function plannedCount(values: PlanValues): number {
  if (values.repeat === 'once') return values.date ? 1 : 0
  const [first = '', last = ''] = values.range ?? []
  return weeklyDates(first, last, values.weekdays ?? []).length
}

const hasWhere = (v: { place?: string; onlineUrl?: string }) => Boolean(v.place?.trim() || v.onlineUrl?.trim())

function timeRefusal(time: [string, string] | undefined): string | null {
  const [start, end] = time ?? []
  if (!start || !end) return '请选择上课时间'
  if (end <= start) return '下课时间须晚于上课时间'
  return null
}

/** What is wrong before sending (the server checks again), or null. */
export function planRefusal(values: PlanValues): string | null {
  if (values.repeat === 'once') {
    if (!values.date) return '请选择上课日期'
  } else {
    const [first, last] = values.range ?? []
    if (!first || !last) return '请选择排课的日期范围'
    if (!values.weekdays?.length) return '请选择每周上课的星期'
    const count = plannedCount(values)
    if (count === 0) return '所选日期范围内没有所选的星期'
    if (count > PLAN_MAX_SESSIONS) return `一次最多排${PLAN_MAX_SESSIONS}节课，请缩短日期范围`
  }
  return timeRefusal(values.time) ?? (hasWhere(values) ? null : '请填写上课地点或线上地址')
}

/** The form as 排课's body: text trimmed, weekdays once each in order; a single date has no lastDate. */
export function planBody(values: PlanValues): PlanInput {
  const [startTime = '', endTime = ''] = values.time ?? []
  const common = {
    classId: values.classId ?? 0,
    course: values.course?.trim() ?? '',
    teacherId: values.teacherId ?? 0,
    startTime,
    endTime,
    place: values.place?.trim() ?? '',
    onlineUrl: values.onlineUrl?.trim() ?? '',
  }
  if (values.repeat === 'once') return { ...common, firstDate: values.date ?? '' }
  const [firstDate = '', lastDate = ''] = values.range ?? []
  return { ...common, firstDate, lastDate, weekdays: [...new Set(values.weekdays ?? [])].sort((a, b) => a - b) }
}

/** What the office is told after 排课: how many sessions, and which days were holidays. */
export function planSummary({ created, skipped }: PlanResult): { title: string; detail?: string } {
  const title = `已排 ${created} 节课`
  if (skipped.length === 0) return { title }
  return { title, detail: `跳过节假日 ${skipped.length} 天：${skipped.join('、')}` }
}

export interface SessionValues {
  course: string
  teacherId?: number
  date?: string
  time?: [string, string]
  place: string
  onlineUrl: string
}

export function sessionValues(s: SessionRow): SessionValues {
  return {
    course: s.course,
    teacherId: s.teacherId ?? undefined,
    date: s.date,
    time: [s.startTime, s.endTime],
    place: s.place,
    onlineUrl: s.onlineUrl,
  }
}

export function sessionRefusal(values: SessionValues): string | null {
  if (!values.date) return '请选择上课日期'
  return timeRefusal(values.time) ?? (hasWhere(values) ? null : '请填写上课地点或线上地址')
}

export function sessionBody(id: number, values: SessionValues): SessionUpdate {
  const [startTime = '', endTime = ''] = values.time ?? []
  return {
    id,
    course: values.course.trim(),
    teacherId: values.teacherId ?? 0,
    date: values.date ?? '',
    startTime,
    endTime,
    place: values.place?.trim() ?? '',
    onlineUrl: values.onlineUrl?.trim() ?? '',
  }
}

/** What a session offers now (the server refuses the rest anyway). */
export interface SessionActions {
  /** 修改: until it ends. */
  change: boolean
  /** 取消: until it starts. */
  cancel: boolean
  /** 签到码 on the room's screen: until it ends. */
  screen: boolean
  /** 点名: once check-in has opened, and after it ended (corrections). */
  rollCall: boolean
}

export function sessionActions(s: Pick<SessionRow, 'phase' | 'startsAt' | 'endsAt'>, now: number): SessionActions {
  const live = s.phase !== SessionPhase.cancelled
  const notEnded = live && Date.parse(s.endsAt) > now
  return {
    change: notEnded,
    cancel: live && Date.parse(s.startsAt) > now,
    screen: notEnded,
    rollCall: live && s.phase !== SessionPhase.upcoming,
  }
}
