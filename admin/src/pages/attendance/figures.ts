/**
 * 考勤's pure pieces (figures.test.ts): how each status looks in a class's grid and its legend,
 * what an empty cell says, a row's totals, a session's column title, the rates as text, and the
 * statistics' dimensions.
 */
import { ATTENDANCE_STATUSES, AttendanceStatus, SessionPhase } from '@activity/wire'
import type { Board } from '../../api/attendance'

/** Each status's tag colour (antd's presets, darkened to 4.5:1 by theme.ts). */
export const STATUS_COLOURS: Record<AttendanceStatus, string> = {
  [AttendanceStatus.present]: 'green',
  [AttendanceStatus.late]: 'orange',
  [AttendanceStatus.leave]: 'blue',
  [AttendanceStatus.absent]: 'red',
}

export interface CellLook {
  text: string
  /** A tag's colour; none: plain secondary text. */
  color?: string
}

type BoardSession = Board['sessions'][number]

/**
 * A cell of the grid: its status in its colour; no record yet says whether the session has not
 * begun (未开始) or the student has not checked in yet (未签到).
 */
export function cellLook(status: AttendanceStatus | null | undefined, phase: BoardSession['phase']): CellLook {
  if (status) return { text: status, color: STATUS_COLOURS[status] }
  return { text: phase === SessionPhase.upcoming ? '未开始' : '未签到' }
}

/** The legend over the grid, in the statuses' order. */
export const LEGEND: ReadonlyArray<CellLook> = ATTENDANCE_STATUSES.map((s) => ({ text: s, color: STATUS_COLOURS[s] }))

/** A student's row counted: each status's sessions. */
export function rowTotals(cells: ReadonlyArray<AttendanceStatus | null>): Record<AttendanceStatus, number> {
  const totals = Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [s, 0])) as Record<AttendanceStatus, number>
  for (const cell of cells) if (cell) totals[cell] += 1
  return totals
}

/** A session's column: 12-05 (周五) 19:00, then its course. */
export function sessionTitle(s: Pick<BoardSession, 'date' | 'startTime' | 'course'>): { when: string; course: string } {
  const weekday = '一二三四五六日'[(new Date(`${s.date}T00:00:00Z`).getUTCDay() + 6) % 7]
  return { when: `${s.date.slice(5)}（周${weekday}）${s.startTime}`, course: s.course }
}

/** A rate (percent with one decimal, from the server) as text; none when nothing was due. */
export const rateText = (rate: number | null | undefined): string => (rate === null || rate === undefined ? '-' : `${rate}%`)

export const STATISTICS_BY = [
  { value: 'student', label: '学员' },
  { value: 'class', label: '班级' },
  { value: 'course', label: '课程' },
  { value: 'teacher', label: '老师' },
] as const
export type StatisticsBy = (typeof STATISTICS_BY)[number]['value']

/** The dimension in the address, or 学员 when it names none. */
export function statisticsBy(text: string | undefined): StatisticsBy {
  return STATISTICS_BY.find((b) => b.value === text)?.value ?? 'student'
}

/** The at-risk list's rule in words, before the denominator's. */
export const atRiskText = (thresholdPercent: number, minSessions: number) =>
  `缺勤率达到 ${thresholdPercent}% 的学员（已结束的课次满 ${minSessions} 节后才预警）`
