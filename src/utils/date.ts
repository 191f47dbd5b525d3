import dayjs from 'dayjs'

/**
 * Dates as a person reads them. Patterns are written the way SPEC.md writes them
 * (`yyyy-MM-dd hh:mm:ss`) and mean: yyyy year, MM month, dd day, mm minutes, ss seconds, and
 * **hh the hour on the 24-hour clock** (so is HH). A 12-hour hour without 上午/下午 would make
 * 09:30 and 21:30 look the same in 资金记录, so hh is read as 24-hour on purpose.
 */
export const DEFAULT_DATE_PATTERN = 'yyyy-MM-dd hh:mm:ss'

export type DateInput = string | number | Date | dayjs.Dayjs | null | undefined

/** SPEC-style pattern to dayjs tokens. */
export function dayjsFormatOf(pattern: string): string {
  return pattern.replace(/yyyy|yy|dd|d|hh|h|HH|H/g, (token) => {
    switch (token) {
      case 'yyyy':
        return 'YYYY'
      case 'yy':
        return 'YY'
      case 'dd':
        return 'DD'
      case 'd':
        return 'D'
      case 'hh':
      case 'HH':
        return 'HH'
      default:
        return 'H'
    }
  })
}

function toDayjs(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null
  const d = dayjs(value)
  return d.isValid() ? d : null
}

/** A date in the device's time zone by a SPEC-style pattern; '' for no date or an invalid one. */
export function formatDate(value: DateInput, pattern: string = DEFAULT_DATE_PATTERN): string {
  const d = toDayjs(value)
  return d ? d.format(dayjsFormatOf(pattern)) : ''
}

/** SPEC.md section 9's relative time: 刚刚, N分钟前, N小时前, else MM-dd hh:mm. */
export function relativeTime(value: DateInput, now: DateInput = Date.now()): string {
  const d = toDayjs(value)
  const n = toDayjs(now)
  if (!d || !n) return ''
  const seconds = n.diff(d, 'second')
  // A time slightly ahead of the clock (skew) is "just now", not a time in the future.
  if (seconds < 60) return '刚刚'
  if (seconds < 3600) return `${Math.floor(seconds / 60)}分钟前`
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}小时前`
  return formatDate(d, 'MM-dd hh:mm')
}
