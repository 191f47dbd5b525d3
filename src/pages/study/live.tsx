import { useEffect, useState } from 'react'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { study } from '../../api/sms/study'
import type { LiveItem } from '../../api/sms/study-types'
import LoadingIndicator from '../../components/loading-indicator'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { useRemote } from '../../hooks/remote'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { formatDate } from '../../utils/date'
import { askSubscribe, CAN_SUBSCRIBE, prefetchSubscribeTemplates } from '../../wechat/subscribe'
import { LiveStatus, SubscribeTemplate } from '@activity/wire'
import { STUDY_LINKS, liveRoomUrl, playbackUrl } from '../../links/study'
import { ENTER_BEFORE_MINUTES, dayLabel, groupByDay, liveActionAt, liveStatusAt, splitSchedule } from './components/live'
import { formatClock, formatStudyTime } from './components/player'
import './live.scss'

const TITLE = routeOf('pages/study/live')?.title ?? '直播课表'
/** The statuses move on by themselves: the clock is read again this often. */
const CLOCK_MS = 30_000

const STATUS_CLASS: Record<LiveStatus, string> = {
  [LiveStatus.notStarted]: 'not-started',
  [LiveStatus.live]: 'live',
  [LiveStatus.ended]: 'ended',
}

/** Now on the server's clock (as far as the device knows it). */
const serverNow = () => Date.now() + (useStore.getState().serverOffsetMs ?? 0)

/** The line under a class: attendance once it ended (and how far its playback was watched), watch time while on. */
function noteOf(item: LiveItem, status: LiveStatus): string {
  if (status === LiveStatus.ended) {
    const attendance = item.attended ? `已出勤 · 观看 ${formatStudyTime(item.watched)}` : '未出勤'
    const playback = item.playback
    if (!playback) return attendance
    if (playback.finished) return `${attendance} · 回放已看完`
    return playback.position > 0 ? `${attendance} · 回放看到 ${formatClock(playback.position)}` : attendance
  }
  if (status === LiveStatus.live) return item.watched > 0 ? `已观看 ${formatStudyTime(item.watched)}` : '正在直播'
  return `开课前 ${ENTER_BEFORE_MINUTES} 分钟可进入`
}

function LiveCard({ item, now }: { item: LiveItem; now: number }) {
  const status = liveStatusAt(item, now)
  const action = liveActionAt(item, now, CAN_SUBSCRIBE)
  const go = (url: string) => void Taro.navigateTo({ url })
  return (
    <View className={`live-card live-card--${STATUS_CLASS[status]}`}>
      <View className='live-card__top'>
        <Text className='live-card__time'>{`${formatDate(item.startsAt, 'hh:mm')}-${formatDate(item.endsAt, 'hh:mm')}`}</Text>
        <Text className={`live-status live-status--${STATUS_CLASS[status]}`}>{status}</Text>
      </View>
      <Text className='live-card__title'>{item.title}</Text>
      <Text className='live-card__course'>{`${item.courseTitle}${item.teacher ? ` · ${item.teacher}` : ''}`}</Text>
      <View className='live-card__bottom'>
        <Text className='live-card__note'>{noteOf(item, status)}</Text>
        {action === 'enter' ? (
          <View
            className='live-card__action'
            {...press(() => go(liveRoomUrl(item.id)), { role: 'link', label: `进入直播，${item.title}` })}
          >
            <Text>进入直播</Text>
          </View>
        ) : action === 'playback' ? (
          <View
            className='live-card__action'
            {...press(() => go(playbackUrl(item.id)), { role: 'link', label: `观看回放，${item.title}` })}
          >
            <Text>观看回放</Text>
          </View>
        ) : action === 'waitPlayback' ? (
          <Text className='live-card__wait'>回放生成中</Text>
        ) : action === 'subscribe' ? (
          <View
            className='live-card__remind'
            {...press(
              () => void askSubscribe([SubscribeTemplate.live], 'student').then(() => useStore.getState().showToast('已订阅开课提醒')),
              { label: `订阅开课提醒，${item.title}` },
            )}
          >
            <Text>订阅开课提醒</Text>
          </View>
        ) : null}
      </View>
    </View>
  )
}

function Days({ days, now }: { days: Array<{ day: string; items: LiveItem[] }>; now: number }) {
  return (
    <>
      {days.map((d) => (
        <View key={d.day} className='live-day'>
          <Text className='live-day__label'>{dayLabel(d.day, now)}</Text>
          {d.items.map((item) => (
            <LiveCard key={item.id} item={item} now={now} />
          ))}
        </View>
      ))}
    </>
  )
}

/**
 * 直播课表: the live classes of my courses from a week ago to a month ahead, by day, today and
 * the days to come first; each says whether it has not started, is on or has ended, and offers
 * what fits: 订阅开课提醒 (a WeChat subscribe message), 进入直播, 观看回放.
 */
export default function StudyLivePage() {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const [now, setNow] = useState(serverNow)
  const schedule = useRemote((options) => remember(study.studentLiveCourseSchedule.listByStudent(undefined, options)), signedIn, {
    reloadOnShow: true,
  })
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), CLOCK_MS)
    return () => clearInterval(timer)
  }, [])
  useDidShow(() => {
    setNow(serverNow())
    // The ids are fetched before the tap: WeChat asks only from within the tap itself.
    if (CAN_SUBSCRIBE && signedIn) prefetchSubscribeTemplates('student')
  })
  usePullDownRefresh(() => {
    setNow(serverNow())
    void schedule.reload({ lock: true }).finally(() => void Taro.stopPullDownRefresh())
  })

  const body = () => {
    if (notStudent) return <NotStudent />
    if (!schedule.data)
      return schedule.failed ? (
        <RetryLine className='live-state' onRetry={() => void schedule.reload()} />
      ) : (
        <View className='live-state'>
          <LoadingIndicator content='加载中' />
        </View>
      )
    if (schedule.data.length === 0)
      return (
        <View className='live-empty'>
          <Text className='live-empty__text'>近期没有直播课</Text>
          <Text className='live-empty__hint'>加入直播课程后，课表会显示在这里</Text>
          <View className='live-empty__browse' {...press(() => void Taro.navigateTo({ url: STUDY_LINKS.course }), { role: 'link' })}>
            <Text>去选课</Text>
          </View>
        </View>
      )
    const { upcoming, past } = splitSchedule(groupByDay(schedule.data), now)
    return (
      <View className='live-schedule'>
        {upcoming.length > 0 ? <Days days={upcoming} now={now} /> : <Text className='live-schedule__none'>近期没有待上的直播课</Text>}
        {past.length > 0 ? (
          <>
            <Text className='live-schedule__past'>往期直播</Text>
            <Days days={past} now={now} />
          </>
        ) : null}
      </View>
    )
  }

  return <Page title={TITLE}>{body()}</Page>
}
