import { Text } from '@tarojs/components'
import type { ActivityItem } from '../../../api/cms/activity'
import { apiUrl } from '../../../request'
import { formatDate } from '../../../utils/date'
import { ActivityState } from '@activity/wire'

const STATE_CLASS: Record<ActivityState, string> = {
  [ActivityState.notStarted]: 'not-started',
  [ActivityState.ongoing]: 'ongoing',
  [ActivityState.ended]: 'ended',
}

/** 未开始 / 进行中 / 已结束, coloured. */
export function StateBadge({ state }: { state: ActivityState }) {
  return <Text className={`activity-state activity-state--${STATE_CLASS[state] ?? 'ended'}`}>{state}</Text>
}

export function TypeTag({ type }: { type: string }) {
  return <Text className='activity-type'>{type}</Text>
}

/** The time window: dates only in lists, with hours on the detail page. */
export function timeWindow(item: Pick<ActivityItem, 'startAt' | 'endAt'>, withTime = false): string {
  const pattern = withTime ? 'yyyy-MM-dd hh:mm' : 'yyyy-MM-dd'
  return `${formatDate(item.startAt, pattern)} 至 ${formatDate(item.endAt, pattern)}`
}

/** Covers uploaded to the back-office are paths on it: mini-programs need its origin. */
export function coverSrc(cover: string | null): string | null {
  if (!cover) return null
  return cover.startsWith('/') ? apiUrl(cover) : cover
}
