import { halfDaySlot, halfDaysText, leaveHalfDays, slotHalfDay, type Half } from '@activity/domain'
import { HalfDay, LEAVE_TYPES, type LeaveType } from '@activity/wire'
import type { Leave, LeavePayload } from '../../../api/zms/approval'
import type { Errors } from '../../../components/form/checks'
import type { DraftImage } from '../../../components/image-picker'
import { dateText, dayText, halfDayText } from './leave-text'

/**
 * 请假申请's form and checks, made before anything is sent, with the back-office's rules
 * (server/src/modules/roll/leave): a type, a start and an end half-day (the end not before the
 * start), a reason of at most 200 characters, at most 6 pictures. The length is counted in
 * half-days by @activity/domain, as the server counts it. The server checks again and answers
 * what only it knows (an overlapping leave, a start too far back).
 */
export interface LeaveForm {
  type: LeaveType | ''
  startDate: string
  startHalf: Half
  endDate: string
  endHalf: Half
  reason: string
  pictures: DraftImage[]
}

export type LeaveFormField = 'type' | 'start' | 'end' | 'reason'
export const LEAVE_FORM_FIELDS: readonly LeaveFormField[] = ['type', 'start', 'end', 'reason']

export const LEAVE_REASON_MAX = 200
export const LEAVE_PICTURES_MAX = 6
/** How far back a leave may start (the server's rule: asked for afterwards, a sudden illness). */
export const LEAVE_BACKDATE_DAYS = 7
/** How far ahead the start may be chosen. */
export const LEAVE_AHEAD_DAYS = 180
/** The longest leave one request may ask for: the end is chosen within this many days of the start. */
export const LEAVE_MAX_DAYS = 60

export const LEAVE_MESSAGES = {
  typeRequired: '请选择请假类型',
  startRequired: '请选择开始日期',
  endRequired: '请选择结束日期',
  endBeforeStart: '结束时间不能早于开始时间',
  reasonRequired: '请填写请假事由',
  reasonLength: `请假事由不能超过${LEAVE_REASON_MAX}个字符`,
} as const

export const TYPE_CHOICES = LEAVE_TYPES.map((t) => ({ value: t, label: t }))
export const HALVES: readonly Half[] = [HalfDay.am, HalfDay.pm]

/** The date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return slotHalfDay(halfDaySlot(date, HalfDay.am) + days * 2).date
}

/** A new leave: today, 上午 to 下午 (one day). */
export function newLeaveForm(today: string): LeaveForm {
  return { type: '', startDate: today, startHalf: HalfDay.am, endDate: today, endHalf: HalfDay.pm, reason: '', pictures: [] }
}

/** A returned leave to change; `src` turns a picture's address into what an Image shows. */
export function leaveFormOf(leave: Leave, src: (url: string) => string = (url) => url): LeaveForm {
  return {
    type: leave.type,
    startDate: leave.startDate,
    startHalf: leave.startHalf,
    endDate: leave.endDate,
    endHalf: leave.endHalf,
    reason: leave.reason,
    pictures: leave.pictures.map((p) => ({ key: p.key, src: src(p.url) })),
  }
}

/** The leave's half-days as chosen, or null while the end is before the start (or a date is missing). */
export function formHalfDays(form: Pick<LeaveForm, 'startDate' | 'startHalf' | 'endDate' | 'endHalf'>): number | null {
  if (!form.startDate || !form.endDate) return null
  const n = leaveHalfDays(form.startDate, form.startHalf, form.endDate, form.endHalf)
  return Number.isNaN(n) || n <= 0 ? null : n
}

/** The length shown as the form changes: 1.5天, or '' while it cannot be counted. */
export function formLengthText(form: LeaveForm): string {
  const n = formHalfDays(form)
  return n === null ? '' : halfDaysText(n)
}

/** The form's messages (only the failing fields). */
export function checkLeave(form: LeaveForm): Errors<LeaveFormField> {
  const out: Errors<LeaveFormField> = {}
  if (!form.type) out.type = LEAVE_MESSAGES.typeRequired
  if (!form.startDate) out.start = LEAVE_MESSAGES.startRequired
  if (!form.endDate) out.end = LEAVE_MESSAGES.endRequired
  else if (form.startDate && formHalfDays(form) === null) out.end = LEAVE_MESSAGES.endBeforeStart
  const reason = form.reason.trim()
  if (!reason) out.reason = LEAVE_MESSAGES.reasonRequired
  else if (reason.length > LEAVE_REASON_MAX) out.reason = LEAVE_MESSAGES.reasonLength
  return out
}

/** What is sent: the trimmed reason and the pictures' keys. */
export function leavePayload(form: LeaveForm & { type: LeaveType }): LeavePayload {
  return {
    type: form.type,
    startDate: form.startDate,
    startHalf: form.startHalf,
    endDate: form.endDate,
    endHalf: form.endHalf,
    reason: form.reason.trim(),
    pictures: form.pictures.map((p) => p.key),
  }
}

/**
 * A new start date: the end follows when it no longer fits (before the start, or beyond the
 * longest leave), and a same-day end before the start's half moves to 下午.
 */
export function withStart(form: LeaveForm, startDate: string): LeaveForm {
  const out = { ...form, startDate }
  if (!out.endDate || out.endDate < startDate || out.endDate > addDays(startDate, LEAVE_MAX_DAYS - 1)) out.endDate = startDate
  if (formHalfDays(out) === null) out.endHalf = HalfDay.pm
  return out
}

// Types, not interfaces: a picker's items are records.
export type DayChoice = {
  value: string
  label: string
}

function days(from: string, to: string, today: string): DayChoice[] {
  const out: DayChoice[] = []
  // Today in place of its weekday: the row stays as short as the others (it shares a line with 上午 | 下午).
  for (let d = from; d <= to; d = addDays(d, 1))
    out.push({ value: d, label: d === today ? `${dateText(d, today)} 今天` : dayText(d, today) })
  return out
}

/** The start dates offered: from 7 days back to 180 days ahead, and the one chosen (a returned leave's) when outside. */
export function startChoices(today: string, chosen: string): DayChoice[] {
  const from = chosen && chosen < addDays(today, -LEAVE_BACKDATE_DAYS) ? chosen : addDays(today, -LEAVE_BACKDATE_DAYS)
  const to = chosen && chosen > addDays(today, LEAVE_AHEAD_DAYS) ? chosen : addDays(today, LEAVE_AHEAD_DAYS)
  return days(from, to, today)
}

/** The end dates offered: the start's day to the last of the longest leave. */
export function endChoices(startDate: string, today: string): DayChoice[] {
  return startDate ? days(startDate, addDays(startDate, LEAVE_MAX_DAYS - 1), today) : []
}

export type BackChoice = {
  /** The half-day's slot (halfDaySlot). */
  value: number
  label: string
  date: string
  half: Half
}

/**
 * 销假: the half-days the student may say they came back on, as the server allows them: after the
 * leave's first half-day, at most the half-day right after its end (the whole leave taken), and
 * not after tomorrow morning (nobody comes back in advance). None before the leave has begun.
 */
export function backChoices(leave: Pick<Leave, 'startDate' | 'startHalf' | 'endDate' | 'endHalf'>, today: string): BackChoice[] {
  const first = halfDaySlot(leave.startDate, leave.startHalf) + 1
  const last = Math.min(halfDaySlot(leave.endDate, leave.endHalf) + 1, halfDaySlot(today, HalfDay.pm) + 1)
  const out: BackChoice[] = []
  for (let slot = first; slot <= last; slot += 1) {
    const { date, half } = slotHalfDay(slot)
    out.push({ value: slot, label: halfDayText(date, half, today), date, half })
  }
  return out
}

/** The half-days a 销假 at `back` (a slot) says were taken: 实际请假1天. */
export function usedText(leave: Pick<Leave, 'startDate' | 'startHalf'>, back: number): string {
  return `实际请假${halfDaysText(back - halfDaySlot(leave.startDate, leave.startHalf))}`
}
