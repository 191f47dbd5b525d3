import { BEIJING_OFFSET_MS as OFFSET, beijingDate, beijingDayStart, beijingMonth } from '@activity/domain'
import { TimeType } from '../wire.ts'

/** The Beijing clock's texts, for the server's modules (one rule: @activity/domain's beijing-time). */
export { beijingDateTime, beijingMinute } from '@activity/domain'
const DAY = 24 * 60 * 60 * 1000

/** Shanghai wall-clock fields of an instant. */
function wall(now: Date) {
  const d = new Date(now.getTime() + OFFSET)
  return { y: d.getUTCFullYear(), m: d.getUTCMonth(), d: d.getUTCDate(), dow: (d.getUTCDay() + 6) % 7 /* Monday = 0 */ }
}

/** The instant of Shanghai midnight at the given wall date (fields may overflow, like Date.UTC). */
function at(y: number, m: number, d: number): Date {
  return new Date(Date.UTC(y, m, d) - OFFSET)
}

export interface Range {
  from: Date
  /** Exclusive. */
  to: Date
}

/** The calendar month (Asia/Shanghai) containing `now`: the commission cycle. */
export function cycleRange(now: Date = new Date()): Range {
  const { y, m } = wall(now)
  return { from: at(y, m, 1), to: at(y, m + 1, 1) }
}

/** A time type of SPEC.md section 3 as a half-open range in Asia/Shanghai; weeks start on Monday. */
export function timeTypeRange(type: TimeType, now: Date = new Date()): Range {
  const { y, m, d, dow } = wall(now)
  switch (type) {
    case TimeType.today:
      return { from: at(y, m, d), to: at(y, m, d + 1) }
    case TimeType.yesterday:
      return { from: at(y, m, d - 1), to: at(y, m, d) }
    case TimeType.thisWeek:
      return { from: at(y, m, d - dow), to: at(y, m, d - dow + 7) }
    case TimeType.lastWeek:
      return { from: at(y, m, d - dow - 7), to: at(y, m, d - dow) }
    case TimeType.thisMonth:
      return { from: at(y, m, 1), to: at(y, m + 1, 1) }
    case TimeType.lastMonth:
      return { from: at(y, m - 1, 1), to: at(y, m, 1) }
    case TimeType.thisYear:
      return { from: at(y, 0, 1), to: at(y + 1, 0, 1) }
    case TimeType.lastYear:
      return { from: at(y - 1, 0, 1), to: at(y, 0, 1) }
  }
}

export const days = (n: number) => n * DAY

/**
 * The days `from`..`to` (YYYY-MM-DD, Asia/Shanghai, both inclusive) as a half-open range; an open
 * end reaches far enough to hold every row. Undefined when neither end is given.
 */
export function dayRange({ from, to }: { from?: string; to?: string }): Range | undefined {
  if (!from && !to) return undefined
  const start = from ? dayStart(from) : new Date(Date.UTC(2000, 0, 1))
  const end = to ? new Date(dayStart(to).getTime() + DAY) : new Date(Date.UTC(3000, 0, 1))
  return { from: start, to: end }
}

const dayStart = beijingDayStart

/** The instant a Shanghai day (YYYY-MM-DD) starts. */
export const shanghaiDayStart = beijingDayStart

/** The Shanghai calendar date (YYYY-MM-DD) of an instant. */
export const shanghaiDate = (instant: Date): string => beijingDate(instant)

/** Midnight (Asia/Shanghai) `n` days before today's, and the day after today: the last n+1 days. */
export function lastDays(n: number, now: Date = new Date()): Range {
  const { y, m, d } = wall(now)
  return { from: at(y, m, d - n), to: at(y, m, d + 1) }
}

/** A month `YYYY-MM` (Asia/Shanghai) as a half-open range. */
export function monthRange(month: string): Range {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return { from: at(y, m - 1, 1), to: at(y, m, 1) }
}

/** The Shanghai calendar month (YYYY-MM) of an instant. */
export const shanghaiMonth = (instant: Date = new Date()): string => beijingMonth(instant)
