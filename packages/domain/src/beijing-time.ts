/**
 * Beijing time (Asia/Shanghai, UTC+8 all year, no daylight saving): the school's calendar. Days,
 * months and the wall-clock texts the product shows or keys on are read here, on the server and
 * the client alike, whatever the machine's own time zone.
 */
export const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000

/** The instant shifted so that its UTC fields read Beijing's wall clock (for formatting only). */
const wall = (instant: Date | number): Date => new Date((typeof instant === 'number' ? instant : instant.getTime()) + BEIJING_OFFSET_MS)

/** The Beijing calendar date of an instant: `YYYY-MM-DD`. */
export const beijingDate = (instant: Date | number): string => wall(instant).toISOString().slice(0, 10)

/** The Beijing calendar month of an instant: `YYYY-MM`. */
export const beijingMonth = (instant: Date | number): string => wall(instant).toISOString().slice(0, 7)

/** The Beijing wall clock to the minute: `YYYY-MM-DD HH:mm`. */
export const beijingMinute = (instant: Date | number): string => wall(instant).toISOString().slice(0, 16).replace('T', ' ')

/** The Beijing wall clock to the second: `YYYY-MM-DD HH:mm:ss`. */
export const beijingDateTime = (instant: Date | number): string => wall(instant).toISOString().slice(0, 19).replace('T', ' ')

/** The Beijing date as a person reads it: `2026年12月1日`, or `12月1日` without the year. */
export function beijingDateText(instant: Date | number, { year = true }: { year?: boolean } = {}): string {
  const d = wall(instant)
  const day = `${d.getUTCMonth() + 1}月${d.getUTCDate()}日`
  return year ? `${d.getUTCFullYear()}年${day}` : day
}

/** The instant Beijing's day `YYYY-MM-DD` starts (midnight, +08:00). */
export const beijingDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - BEIJING_OFFSET_MS)

/** The Beijing date `days` after `YYYY-MM-DD` (before, when negative): calendar days, no clock involved. */
export const shiftDate = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
