import { beijingMinute, shiftDate } from '@activity/domain'
import { ApprovalStatus, AttendanceStatus, SessionPhase } from '@activity/wire'
import type { PunchResult, StudentSession } from '../../../api/zms/attendance'
import type { ApprovalTone } from '../../../components/approval-steps/tone'
import { dateText } from './leave-text'

/**
 * 我的课表's rules: the days of a week, the day shown first, a session's badge and 补卡 line, what a
 * scan's answer says, a swipe's direction, the 补卡 reason's checks (the server's, made before
 * anything is sent). Dates are YYYY-MM-DD (Beijing), as the server sends them.
 */

/** A badge's colour: the approval tags' five (green 出勤, orange 迟到, blue 请假, red 缺勤, grey the rest). */
export type BadgeTone = ApprovalTone

const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const

/** The date `days` after `date` (the domain's calendar shift, kept under this page's name for its callers). */
export { shiftDate }

/** The Monday of the week holding `date` (the server's weeks run Monday to Sunday). */
export function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7
  return shiftDate(date, -weekday)
}

export interface WeekDay {
  date: string
  /** 周一 … 周日. */
  weekday: string
  /** 12/1. */
  label: string
  today: boolean
  /** The sessions that day (cancelled ones too). */
  count: number
}

/** Monday to Sunday of the week starting `weekStart`. */
export function weekDays(weekStart: string, today: string, sessions: readonly Pick<StudentSession, 'date'>[]): WeekDay[] {
  return WEEKDAYS.map((weekday, i) => {
    const date = shiftDate(weekStart, i)
    return {
      date,
      weekday,
      label: `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`,
      today: date === today,
      count: sessions.filter((s) => s.date === date).length,
    }
  })
}

/** The day a week opens on: `chosen` when it is in the week, else today, else the first day with a session, else Monday. */
export function dayShown(
  weekStart: string,
  today: string,
  sessions: readonly Pick<StudentSession, 'date'>[],
  chosen: string | null,
): string {
  const end = shiftDate(weekStart, 6)
  const inWeek = (d: string) => d >= weekStart && d <= end
  if (chosen && inWeek(chosen)) return chosen
  if (inWeek(today)) return today
  const first = sessions
    .map((s) => s.date)
    .filter(inWeek)
    .sort()[0]
  return first ?? weekStart
}

/** 本周, or 12月1日 - 12月7日 (with the year when it is not this year's). */
export function weekText(weekStart: string, today: string): string {
  if (mondayOf(today) === weekStart) return '本周'
  return `${dateText(weekStart, today)} - ${dateText(shiftDate(weekStart, 6), today)}`
}

/** A session's badge: its cancellation, my attendance, else 未开始 / 未签到. */
export function sessionBadge(s: Pick<StudentSession, 'phase' | 'status'>): { label: string; tone: BadgeTone } {
  if (s.phase === SessionPhase.cancelled) return { label: '已取消', tone: 'grey' }
  switch (s.status) {
    case AttendanceStatus.present:
      return { label: s.status, tone: 'green' }
    case AttendanceStatus.late:
      return { label: s.status, tone: 'orange' }
    case AttendanceStatus.leave:
      return { label: s.status, tone: 'blue' }
    case AttendanceStatus.absent:
      return { label: s.status, tone: 'red' }
    default:
      return { label: s.phase === SessionPhase.upcoming ? '未开始' : '未签到', tone: 'grey' }
  }
}

/** Where a 补卡 stands: 补卡审批中, 补卡已通过, 补卡被驳回, 补卡已退回 … */
export function makeUpText(status: ApprovalStatus): string {
  return status === ApprovalStatus.refused ? '补卡被驳回' : `补卡${status}`
}

/** Where the session is held: the room, else 线上 with the address. */
export function whereText(s: Pick<StudentSession, 'place' | 'onlineUrl'>): string {
  if (s.place) return s.place
  return s.onlineUrl ? `线上：${s.onlineUrl}` : '地点待定'
}

/** 08:43: an instant on Beijing's clock, as the sessions' own times are (whatever the phone's time zone). */
export function clockText(iso: string): string {
  return beijingMinute(Date.parse(iso)).slice(11)
}

/** 12月2日 13:52: an instant's Beijing day and clock. */
export function dayClockText(iso: string): string {
  const [day = '', clock = ''] = beijingMinute(Date.parse(iso)).split(' ')
  return `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日 ${clock}`
}

/** What a scan's answer says: 签到成功：出勤 (迟到), or 你已签到过了 the second time. */
export function punchedText(r: Pick<PunchResult, 'again' | 'status'>): string {
  return r.again ? '你已签到过了' : `签到成功：${r.status}`
}

/** A session of today open for check-in: 扫码签到 is offered. */
export function checkInOpenToday(sessions: readonly Pick<StudentSession, 'date' | 'checkInOpen'>[], today: string): boolean {
  return sessions.some((s) => s.date === today && s.checkInOpen)
}

export interface Point {
  x: number
  y: number
}

/** How far a finger moves sideways, at least, for a swipe. */
export const SWIPE_MIN_PX = 60

/** A sideways swipe: to the left the next week, to the right the previous one; a scroll or a tap is none. */
export function swipeOf(start: Point, end: Point): 'next' | 'previous' | null {
  const dx = end.x - start.x
  const dy = end.y - start.y
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return null
  return dx < 0 ? 'next' : 'previous'
}

export const MAKE_UP_REASON_MAX = 200

export const MAKE_UP_MESSAGES = {
  reasonRequired: '请填写补卡原因',
  reasonLength: `补卡原因不能超过${MAKE_UP_REASON_MAX}个字符`,
} as const

/** The 补卡 reason's message, '' when it may be sent (the server trims it and counts as it does here). */
export function checkMakeUpReason(reason: string): string {
  const text = reason.trim()
  if (!text) return MAKE_UP_MESSAGES.reasonRequired
  return text.length > MAKE_UP_REASON_MAX ? MAKE_UP_MESSAGES.reasonLength : ''
}
