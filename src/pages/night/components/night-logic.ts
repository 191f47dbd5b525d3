import { NIGHT_CHECK_IN_OPENS_MINUTES } from '@activity/wire'
import type { NightClassCard } from '../../../api/cms/night'
import { formatDate } from '../../../utils/date'

export type Tone = 'brand' | 'ok' | 'muted' | 'warn'

/** The tag a class card shows: mine first (已签到 / 已报名), then whether one may still sign up. */
export function nightTag(c: Pick<NightClassCard, 'signedUp' | 'attended' | 'phase' | 'seatsLeft'>): { label: string; tone: Tone } {
  if (c.attended) return { label: '已签到', tone: 'ok' }
  if (c.signedUp) return c.phase === '已结束' ? { label: '未签到', tone: 'warn' } : { label: '已报名', tone: 'brand' }
  if (c.phase === '已结束') return { label: '已结束', tone: 'muted' }
  if (c.phase === '进行中') return { label: '进行中', tone: 'muted' }
  if (c.seatsLeft <= 0) return { label: '已满', tone: 'muted' }
  return { label: `余${c.seatsLeft}席`, tone: 'brand' }
}

/** `12月01日 19:00-21:00`, or with both days when it crosses midnight. */
export function classTime(startsAt: string, endsAt: string): string {
  const sameDay = formatDate(startsAt, 'yyyy-MM-dd') === formatDate(endsAt, 'yyyy-MM-dd')
  return `${formatDate(startsAt, 'MM月dd日 hh:mm')}-${formatDate(endsAt, sameDay ? 'hh:mm' : 'MM月dd日 hh:mm')}`
}

export const CHECK_IN_HINT = `开课前${NIGHT_CHECK_IN_OPENS_MINUTES}分钟至下课可签到`
