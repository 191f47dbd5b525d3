import { beijingMinute, ROOM_CODE_AFTER_CHANGE_MS, roomCodeRefreshDelay, shiftDate } from '@activity/domain'
import { ATTENDANCE_STATUSES, AttendanceStatus, AttendanceWay, SessionPhase } from '@activity/wire'
import type { RollCallPayload, RosterRow, SessionRoster, SessionScreen, TeacherSession, TeacherWeek } from '../../../api/zms/attendance'
import type { ApprovalTone } from '../../../components/approval-steps/tone'

/**
 * 课表点名's rules: the week's days (today first), a session's time, place, phase and counts, the
 * room screen's lines and when it asks again, a row's badge and note, and what a roll call sends.
 * Dates are YYYY-MM-DD and times HH:MM (Beijing), as the server sends them.
 */

/** A badge's colour: the approval tags' five. */
export type Tone = ApprovalTone

/** What a roll call may set, in the order the picker offers them. */
export const ROLL_CALL_STATUSES: readonly AttendanceStatus[] = ATTENDANCE_STATUSES

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const

const dayOfMonth = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? ''

/** 3月4日 周三. */
export const dateText = (date: string) => `${dayOfMonth(date)} ${weekdayOf(date)}`

/** 本周 · 3月2日 – 3月8日, or the dates alone for another week. */
export function weekTitle(week: Pick<TeacherWeek, 'weekStart' | 'weekEnd' | 'today'>): string {
  const span = `${dayOfMonth(week.weekStart)} – ${dayOfMonth(week.weekEnd)}`
  return week.today >= week.weekStart && week.today <= week.weekEnd ? `本周 · ${span}` : span
}

/** A date of the week before or after the one starting `weekStart` (the server takes any date of a week). */
export const otherWeek = (weekStart: string, step: -1 | 1): string => shiftDate(weekStart, step * 7)

export interface SessionDay {
  date: string
  /** 今天 · 周三 3月4日, 周四 3月5日. */
  label: string
  today: boolean
  sessions: TeacherSession[]
}

/**
 * The week's sessions by day, the days with none left out: today first, then the days to come,
 * then the days gone by (this week's); another week in date order. Each day keeps the server's order.
 */
export function sessionDays(week: Pick<TeacherWeek, 'today' | 'sessions'>): SessionDay[] {
  const dates = [...new Set(week.sessions.map((s) => s.date))].sort()
  const rank = (date: string) => (date === week.today ? 0 : date > week.today ? 1 : 2)
  return dates
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((date) => ({
      date,
      label: `${date === week.today ? '今天 · ' : ''}${weekdayOf(date)} ${dayOfMonth(date)}`,
      today: date === week.today,
      sessions: week.sessions.filter((s) => s.date === date),
    }))
}

/** 14:00–16:00. */
export const timeText = (s: Pick<TeacherSession, 'startTime' | 'endTime'>) => `${s.startTime}–${s.endTime}`

/** Where the session is held: the room, else 线上, else 地点待定. */
export function placeText(s: Pick<TeacherSession, 'place' | 'onlineUrl'>): string {
  if (s.place) return s.place
  return s.onlineUrl ? '线上' : '地点待定'
}

/** A phase's badge: 签到中 green, 上课中 blue, 未开始 orange, 已结束 and 已取消 grey. */
export function phaseTone(phase: SessionPhase): Tone {
  switch (phase) {
    case SessionPhase.checkIn:
      return 'green'
    case SessionPhase.running:
      return 'blue'
    case SessionPhase.upcoming:
      return 'orange'
    default:
      return 'grey'
  }
}

/** 出勤 12 · 迟到 1 · 请假 2 · 缺勤 0 / 共 15. */
export function countsText(c: TeacherSession['counts']): string {
  return `出勤 ${c.present} · 迟到 ${c.late} · 请假 ${c.leave} · 缺勤 ${c.absent} / 共 ${c.total}`
}

/** The same counts, told apart (a session's own answer and the screen's). */
export const sameCounts = (a: TeacherSession['counts'], b: TeacherSession['counts']) =>
  a.total === b.total &&
  a.present === b.present &&
  a.late === b.late &&
  a.leave === b.leave &&
  a.absent === b.absent &&
  a.unmarked === b.unmarked

/** HH:MM of an instant, Beijing's clock. */
export const clockText = (iso: string) => beijingMinute(Date.parse(iso)).slice(11)

/** 签到开放 08:30–10:00，08:45 后为迟到. */
export function windowText(s: Pick<SessionScreen, 'checkInOpensAt' | 'endsAt' | 'lateAt'>): string {
  return `签到开放 ${clockText(s.checkInOpensAt)}–${clockText(s.endsAt)}，${clockText(s.lateAt)} 后为迟到`
}

/** The screen's state by the server's clock: the code shows only while check-in is open. */
export function screenState(s: Pick<SessionScreen, 'checkInOpen' | 'checkInOpensAt'>, serverNow: number): 'open' | 'notYet' | 'closed' {
  if (s.checkInOpen) return 'open'
  return serverNow < Date.parse(s.checkInOpensAt) ? 'notYet' : 'closed'
}

/**
 * Milliseconds (local) until the screen is to be asked again, 0: now; null: never (check-in is
 * over). While open: just after the code changes; before: when check-in opens. By the server's
 * clock (`offsetMs`: the server's minus this device's), so a phone whose clock is off asks on time.
 */
export function nextAskIn(s: SessionScreen, offsetMs: number, localNow: number): number | null {
  const serverNow = localNow + offsetMs
  switch (screenState(s, Date.parse(s.serverTime))) {
    case 'open':
      return roomCodeRefreshDelay(s, offsetMs, localNow)
    case 'notYet':
      return Math.max(0, Date.parse(s.checkInOpensAt) + ROOM_CODE_AFTER_CHANGE_MS - serverNow)
    default:
      return null
  }
}

/** A status's badge: green 出勤, orange 迟到, blue 请假, red 缺勤, grey 未签到. */
export function statusBadge(status: AttendanceStatus | null): { label: string; tone: Tone } {
  switch (status) {
    case AttendanceStatus.present:
      return { label: status, tone: 'green' }
    case AttendanceStatus.late:
      return { label: status, tone: 'orange' }
    case AttendanceStatus.leave:
      return { label: status, tone: 'blue' }
    case AttendanceStatus.absent:
      return { label: status, tone: 'red' }
    default:
      return { label: '未签到', tone: 'grey' }
  }
}

/** How the status came: 扫码 08:41, 王老师标记, 补卡; '' when none yet. */
export function rowNote(r: Pick<RosterRow, 'way' | 'checkedInAt' | 'markedByName'>): string {
  switch (r.way) {
    case AttendanceWay.scan:
      return r.checkedInAt ? `扫码 ${clockText(r.checkedInAt)}` : '扫码'
    case AttendanceWay.office:
      return r.markedByName ? `${r.markedByName}标记` : '老师标记'
    case AttendanceWay.makeUp:
      return '补卡'
    default:
      return ''
  }
}

/** The students not marked yet (no record, no leave): what 全部出勤 marks. */
export const unmarkedRows = (roster: Pick<SessionRoster, 'rows'>) => roster.rows.filter((r) => r.status === null)

/**
 * 全部出勤's roll call: everyone (`all`) when no one is marked yet, else the unmarked by id, so a
 * student who scanned in late or is on leave keeps their status.
 */
export function markUnmarked(roster: Pick<SessionRoster, 'rows' | 'session'>, status: AttendanceStatus): RollCallPayload {
  const ids = unmarkedRows(roster).map((r) => r.studentId)
  if (ids.length === roster.rows.length) return { sessionId: roster.session.id, all: true, status }
  return { sessionId: roster.session.id, studentIds: ids, status }
}
