import { useRef, useState } from 'react'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { SessionPhase } from '@activity/wire'
import { attendance, type TeacherSession, type TeacherWeek } from '../../api/zms/attendance'
import EmptyNotice from '../../components/empty-notice'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import RetryLine from '../../components/retry-line'
import { replaceQuery, useRoute } from '../../components/router-helper'
import { useRemote } from '../../hooks/remote'
import { sessionUrl } from '../../links/staff'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { asStaff, useRequireStaff } from '../../staff/session'
import { countsText, otherWeek, phaseTone, placeText, sessionDays, timeText, weekTitle } from './components/staff-attendance'
import './sessions.scss'

const TITLE = routeOf('pages/staff/sessions')?.title ?? '课表点名'

const DATE = /^\d{4}-\d{2}-\d{2}$/

function SessionCard({ session, onOpen }: { session: TeacherSession; onOpen: () => void }) {
  const cancelled = session.phase === SessionPhase.cancelled
  return (
    <View
      className={`staff-lesson${cancelled ? ' staff-lesson--cancelled' : ''}`}
      {...press(onOpen, { role: 'link', label: `${session.course}，${session.className}，${timeText(session)}，${session.phase}` })}
    >
      <View className='staff-lesson__top'>
        <Text className='staff-lesson__course'>{session.course}</Text>
        <Text className={`staff-lesson__phase staff-lesson__phase--${phaseTone(session.phase)}`}>{session.phase}</Text>
      </View>
      <Text className='staff-lesson__class'>{`${session.className} · ${session.teacherName}`}</Text>
      <Text className='staff-lesson__when'>{`${timeText(session)} · ${placeText(session)}`}</Text>
      {cancelled ? null : <Text className='staff-lesson__counts'>{countsText(session.counts)}</Text>}
    </View>
  )
}

/**
 * 课表点名 (教职工): the week's face-to-face sessions I teach and my classes' (Monday to Sunday,
 * today's first, then the days to come, then those gone by), 上一周/下一周 (the week kept in the
 * address as `?date=`); each session its course, class, time, place, phase and its students'
 * counts, and a tap opens 签到与点名. Pull-down refresh.
 */
export default function StaffSessionsPage() {
  const { staff, failed, retry } = useRequireStaff()
  const route = useRoute()
  const [date, setDate] = useState<string | undefined>(() => (DATE.test(route.query.date ?? '') ? route.query.date : undefined))
  // The week asked for: any date of it (none: this week), read by the call when it goes.
  const asked = useRef(date)
  const week = useRemote(
    (options) => attendance.attendance.lists(asked.current ? { date: asked.current } : {}, asStaff(options)),
    staff !== null,
    { reloadOnShow: true },
  )
  const choose = (next: string) => {
    asked.current = next
    setDate(next)
    replaceQuery({ date: next })
    void week.reload()
  }
  const shown = week.data && (!date || (date >= week.data.weekStart && date <= week.data.weekEnd)) ? week.data : undefined

  usePullDownRefresh(() => {
    void week.reload({ lock: true }).finally(() => void Taro.stopPullDownRefresh())
  })

  const body = (data: TeacherWeek) => {
    const days = sessionDays(data)
    return (
      <>
        {days.map((day) => (
          <View key={day.date} className={`staff-sessions__day${day.today ? ' staff-sessions__day--today' : ''}`}>
            <Text className='staff-sessions__date'>{day.label}</Text>
            {day.sessions.map((s) => (
              <SessionCard key={s.id} session={s} onOpen={() => void Taro.navigateTo({ url: sessionUrl(s.id) }).catch(() => undefined)} />
            ))}
          </View>
        ))}
        {days.length ? null : <EmptyNotice type='page' text='这一周没有面授课' />}
      </>
    )
  }

  return (
    <Page title={TITLE}>
      <View className='staff-sessions'>
        <View className='staff-sessions__week'>
          <View
            className='staff-sessions__step staff-sessions__step--previous'
            {...press(() => shown && choose(otherWeek(shown.weekStart, -1)), { disabled: !shown })}
          >
            <Text>‹ 上一周</Text>
          </View>
          <Text className='staff-sessions__title'>{shown ? weekTitle(shown) : ''}</Text>
          <View
            className='staff-sessions__step staff-sessions__step--next'
            {...press(() => shown && choose(otherWeek(shown.weekStart, 1)), { disabled: !shown })}
          >
            <Text>下一周 ›</Text>
          </View>
        </View>
        {shown ? (
          body(shown)
        ) : failed || week.failed ? (
          <RetryLine className='staff-sessions-state' onRetry={() => (failed ? retry() : void week.reload())} />
        ) : (
          <View className='staff-sessions-state'>
            <LoadingIndicator content='加载中' />
          </View>
        )}
      </View>
    </Page>
  )
}
