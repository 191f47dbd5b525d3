/**
 * Leave (请假) counts in half-days: a leave runs from a half-day (a date's 上午 or 下午) to a
 * half-day, both included, and is never truncated to whole days. The server stores the same
 * numbering (a half-day's slot) for the database's no-overlap rule; the app shows the same count.
 */

/** The half of a day, as the wire carries it. */
export type Half = '上午' | '下午'

const EPOCH = Date.UTC(2000, 0, 1)
const DAY_MS = 24 * 60 * 60 * 1000

/** The half-day's number: two a day since 2000-01-01 (上午 even, 下午 odd); NaN for a malformed date. */
export function halfDaySlot(date: string, half: Half): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return Number.NaN
  const ms = Date.parse(`${date}T00:00:00Z`)
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return Number.NaN
  return Math.round((ms - EPOCH) / DAY_MS) * 2 + (half === '下午' ? 1 : 0)
}

/** The half-day a slot names. */
export function slotHalfDay(slot: number): { date: string; half: Half } {
  const date = new Date(EPOCH + Math.floor(slot / 2) * DAY_MS).toISOString().slice(0, 10)
  return { date, half: slot % 2 === 0 ? '上午' : '下午' }
}

/** How many half-days a leave from (start, startHalf) to (end, endHalf) covers, both included; 0 or less when it ends before it starts. */
export function leaveHalfDays(start: string, startHalf: Half, end: string, endHalf: Half): number {
  return halfDaySlot(end, endHalf) - halfDaySlot(start, startHalf) + 1
}

/** Half-days as a person reads them: 3 -> `1.5天`, 2 -> `1天`. */
export function halfDaysText(halfDays: number): string {
  return `${halfDays % 2 === 0 ? halfDays / 2 : (halfDays / 2).toFixed(1)}天`
}
