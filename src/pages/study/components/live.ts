import dayjs from 'dayjs'
import { LiveStatus } from '@activity/wire'
import type { LiveItem } from '../../../api/sms/study-types'
import { formatDate } from '../../../utils/date'

/** The room opens this long before the start (the server's enterForClient rule). */
export const ENTER_BEFORE_MINUTES = 15

/** A live class's status at `now` (ms): the server's rule, from its start and end. */
export function liveStatusAt(item: Pick<LiveItem, 'startsAt' | 'endsAt'>, now: number): LiveStatus {
  if (now < Date.parse(item.startsAt)) return LiveStatus.notStarted
  if (now < Date.parse(item.endsAt)) return LiveStatus.live
  return LiveStatus.ended
}

/** What a live class offers at `now`. */
export type LiveAction = 'enter' | 'playback' | 'waitPlayback' | 'subscribe' | 'none'

/**
 * 进入直播 from 15 minutes before the start until the end; 观看回放 once ended with a playback
 * (回放生成中 until one is uploaded); before that, 订阅开课提醒 (where the platform can remind).
 */
export function liveActionAt(item: LiveItem, now: number, canSubscribe: boolean): LiveAction {
  const status = liveStatusAt(item, now)
  if (status === LiveStatus.ended) return item.playback ? 'playback' : 'waitPlayback'
  if (status === LiveStatus.live || now >= Date.parse(item.startsAt) - ENTER_BEFORE_MINUTES * 60_000) return 'enter'
  return canSubscribe ? 'subscribe' : 'none'
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六']

/** A day's heading: 今天 / 明天 / 昨天, or the date, with the weekday. */
export function dayLabel(day: string, now: number): string {
  const d = dayjs(day)
  const diff = d.startOf('day').diff(dayjs(now).startOf('day'), 'day')
  const near = diff === 0 ? '今天' : diff === 1 ? '明天' : diff === -1 ? '昨天' : ''
  const date = formatDate(d, 'M月d日')
  return `${near ? `${near} ` : ''}${date} ${WEEKDAYS[d.day()]}`
}

/** The schedule by day (the device's days), in the server's order (start time ascending). */
export function groupByDay(items: LiveItem[]): Array<{ day: string; items: LiveItem[] }> {
  const days: Array<{ day: string; items: LiveItem[] }> = []
  for (const item of items) {
    const day = formatDate(item.startsAt, 'yyyy-MM-dd')
    const last = days[days.length - 1]
    if (last && last.day === day) last.items.push(item)
    else days.push({ day, items: [item] })
  }
  return days
}

/**
 * The schedule as shown: today and the days to come first (soonest first), then the days gone
 * by (latest first), whose classes offer their playback.
 */
export function splitSchedule<T extends { day: string }>(days: T[], now: number): { upcoming: T[]; past: T[] } {
  const today = formatDate(now, 'yyyy-MM-dd')
  return { upcoming: days.filter((d) => d.day >= today), past: days.filter((d) => d.day < today).reverse() }
}
