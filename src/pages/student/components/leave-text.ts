import { halfDaysText, type Half } from '@activity/domain'
import type { Leave } from '../../../api/zms/approval'

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const

/** 3月5日 (2025年12月30日 when it is not this year's): a date as a person reads it. */
export function dateText(date: string, today: string): string {
  const [y, m, d] = date.split('-')
  const day = `${Number(m)}月${Number(d)}日`
  return y === today.slice(0, 4) ? day : `${y}年${day}`
}

/** 3月5日 周四: a date with its weekday (the date pickers' rows). */
export function dayText(date: string, today: string): string {
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? ''
  return `${dateText(date, today)} ${weekday}`
}

/** 3月5日 上午: a half-day. */
export function halfDayText(date: string, half: Half, today: string): string {
  return `${dateText(date, today)} ${half}`
}

/**
 * When a leave runs: 3月5日 下午 (one half-day), 3月5日 上午至下午 (one day), or
 * 3月5日 上午 至 3月6日 上午.
 */
export function leaveSpanText(leave: Pick<Leave, 'startDate' | 'startHalf' | 'endDate' | 'endHalf'>, today: string): string {
  const start = halfDayText(leave.startDate, leave.startHalf, today)
  if (leave.startDate !== leave.endDate) return `${start} 至 ${halfDayText(leave.endDate, leave.endHalf, today)}`
  return leave.startHalf === leave.endHalf ? start : `${start}至${leave.endHalf}`
}

/** 销假 as recorded: 3月6日 上午返回，实际请假1天; '' before it is. */
export function backText(leave: Pick<Leave, 'backDate' | 'backHalf' | 'usedHalfDays'>, today: string): string {
  if (!leave.backDate || !leave.backHalf) return ''
  const used = leave.usedHalfDays === null ? '' : `，实际请假${halfDaysText(leave.usedHalfDays)}`
  return `${halfDayText(leave.backDate, leave.backHalf, today)}返回${used}`
}
