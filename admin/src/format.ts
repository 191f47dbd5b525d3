/**
 * Times on screen are the office's (Asia/Shanghai), whatever the browser's zone: the server's
 * days, cycles and filters are Shanghai days too.
 */
import dayjs, { type Dayjs } from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)
dayjs.extend(timezone)

export const OFFICE_TZ = 'Asia/Shanghai'

export function officeTime(iso: string | Date): Dayjs {
  return dayjs(iso).tz(OFFICE_TZ)
}

/** 2025-03-04 09:30, or - when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? officeTime(iso).format('YYYY-MM-DD HH:mm') : '-'
}

/** 2025-03-04, or - when there is none. */
export function formatDate(iso: string | null | undefined): string {
  return iso ? officeTime(iso).format('YYYY-MM-DD') : '-'
}

/** An office wall-clock time as a picker gives it (2025-03-04 09:30:00) as the wire's ISO instant. */
export function officeInstant(wallClock: string): string {
  return dayjs.tz(wallClock, OFFICE_TZ).toISOString()
}
