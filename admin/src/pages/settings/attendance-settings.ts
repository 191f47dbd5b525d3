/**
 * 考勤设置's fields as the settings API holds them (attendance-settings.test.ts): the check-in
 * window, the late mark, whether 请假 counts in 应出勤, the warning's threshold, 补卡 a month, and
 * the holidays the timetable skips (written back one date a line, in order, once each).
 */
import { SettingKey } from '@activity/wire'
import type { Settings, SettingsInput } from '../../api/settings'

export interface AttendanceSettingsValues {
  opensMinutes: number
  lateMinutes: number
  leaveCounted: boolean
  warnPercent: number
  warnMinSessions: number
  makeUpPerMonth: number
  holidays: string
}

/** The server's limits (settings.schemas.ts), for the fields. */
export const LIMITS = {
  opensMinutes: { min: 0, max: 240 },
  lateMinutes: { min: 0, max: 240 },
  warnPercent: { min: 1, max: 100 },
  warnMinSessions: { min: 0, max: 100 },
  makeUpPerMonth: { min: 0, max: 31 },
} as const

export const attendanceSettingsValues = (s: Settings): AttendanceSettingsValues => ({
  opensMinutes: s[SettingKey.attendanceOpensMinutes],
  lateMinutes: s[SettingKey.attendanceLateMinutes],
  leaveCounted: s[SettingKey.attendanceLeaveCounted],
  warnPercent: s[SettingKey.attendanceWarnPercent],
  warnMinSessions: s[SettingKey.attendanceWarnMinSessions],
  makeUpPerMonth: s[SettingKey.attendanceMakeUpPerMonth],
  holidays: s[SettingKey.attendanceHolidays],
})

const DATE = /^\d{4}-\d{2}-\d{2}$/
/** A calendar date that exists (2026-02-30 does not). */
const isDate = (text: string) => DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text

/** The holidays' text read as the server reads it (dates between commas, 、 or line breaks): the dates in order, once each, and what is not a date. */
export function holidayDates(text: string): { dates: string[]; wrong: string[] } {
  const parts = text
    .split(/[\s,，、]+/)
    .map((d) => d.trim())
    .filter(Boolean)
  return {
    dates: [...new Set(parts.filter(isDate))].sort(),
    wrong: parts.filter((d) => !isDate(d)),
  }
}

/** What is wrong with the holidays before sending, or null. */
export function holidaysRefusal(text: string | undefined): string | null {
  const { wrong } = holidayDates(text ?? '')
  if (wrong.length === 0) return null
  return `不是有效的日期：${wrong.slice(0, 3).join('、')}${wrong.length > 3 ? ` 等${wrong.length}项` : ''}（格式 YYYY-MM-DD）`
}

/** The section as the settings it sets; the holidays one date a line. */
export function attendanceSettingsBody(v: AttendanceSettingsValues): SettingsInput {
  return {
    [SettingKey.attendanceOpensMinutes]: v.opensMinutes,
    [SettingKey.attendanceLateMinutes]: v.lateMinutes,
    [SettingKey.attendanceLeaveCounted]: v.leaveCounted,
    [SettingKey.attendanceWarnPercent]: v.warnPercent,
    [SettingKey.attendanceWarnMinSessions]: v.warnMinSessions,
    [SettingKey.attendanceMakeUpPerMonth]: v.makeUpPerMonth,
    [SettingKey.attendanceHolidays]: holidayDates(v.holidays ?? '').dates.join('\n'),
  }
}
