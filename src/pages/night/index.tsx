import { useState } from 'react'
import Taro, { usePullDownRefresh, useReachBottom, useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { night, type NightAttendanceItem, type NightClassCard } from '../../api/cms/night'
import ListFooter from '../../components/list-footer'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import { usePagedList } from '../../hooks/paged-list'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { formatDate } from '../../utils/date'
import { classTime, nightTag } from './components/night-logic'
import { nightDetailUrl } from '../../links/night'
import './index.scss'

const TITLE = routeOf('pages/night/index')?.title ?? '夜校'
const TABS = [
  { key: 'open', label: '可报名' },
  { key: 'mine', label: '我的夜校' },
  { key: 'attendance', label: '出勤记录' },
] as const
type TabKey = (typeof TABS)[number]['key']

function ClassCard({ c }: { c: NightClassCard }) {
  const tag = nightTag(c)
  return (
    <View
      className='night-card'
      {...press(() => void Taro.navigateTo({ url: nightDetailUrl(c.id) }), { role: 'link', label: `${c.title}，${tag.label}` })}
    >
      <View className='night-card__top'>
        <Text className='night-card__title'>{c.title}</Text>
        <Text className={`night-tag night-tag--${tag.tone}`}>{tag.label}</Text>
      </View>
      <Text className='night-card__line'>
        {c.subject} · {c.teacher}
      </Text>
      <Text className='night-card__line'>{classTime(c.startsAt, c.endsAt)}</Text>
      <Text className='night-card__line'>{c.place}</Text>
    </View>
  )
}

type AttendanceRow = NightAttendanceItem & { id: number }

function AttendanceCard({ a }: { a: AttendanceRow }) {
  return (
    <View
      className='night-card'
      {...press(() => void Taro.navigateTo({ url: nightDetailUrl(a.classId) }), {
        role: 'link',
        label: `${a.title}，${a.attended ? '已签到' : '未签到'}`,
      })}
    >
      <View className='night-card__top'>
        <Text className='night-card__title'>{a.title}</Text>
        <Text className={`night-tag night-tag--${a.attended ? 'ok' : 'warn'}`}>{a.attended ? '已签到' : '未签到'}</Text>
      </View>
      <Text className='night-card__line'>{classTime(a.startsAt, a.endsAt)}</Text>
      <Text className='night-card__line'>{a.checkedInAt ? `${a.way ?? ''} ${formatDate(a.checkedInAt, 'MM月dd日 hh:mm')}` : a.place}</Text>
    </View>
  )
}

/**
 * 夜校: the open classes (published, not ended, soonest first), 我的夜校 (my sign-ups, the latest
 * first) and 出勤记录 (my classes that have begun, attended or not); a class opens its detail,
 * where one signs up, cancels and checks in. Pull down for new ones, more at the bottom.
 */
export default function NightIndexPage() {
  const signedIn = useRequireLogin()
  const [tab, setTab] = useState<TabKey>('open')
  const { notStudent, remember } = useStudentLoad()
  const classes = usePagedList<NightClassCard>(
    (page, size, options) => remember(night.nightClass.listForClient({ scope: tab === 'mine' ? 'mine' : 'open', page, size }, options)),
    tab,
    signedIn && tab !== 'attendance',
  )
  const attendance = usePagedList<AttendanceRow>(
    async (page, size, options) => {
      const answer = await remember(night.nightAttendance.listForClient({ page, size }, options))
      return { ...answer, data: { ...answer.data, list: answer.data.list.map((a) => ({ ...a, id: a.classId })) } }
    },
    'attendance',
    signedIn && tab === 'attendance',
  )
  const list = tab === 'attendance' ? attendance : classes
  useReachBottom(() => list.loadMore())
  usePullDownRefresh(() => {
    void list.refresh().finally(() => void Taro.stopPullDownRefresh())
  })
  // Back from a class (signed up, cancelled, checked in): the list says so.
  const [shownOnce, setShownOnce] = useState(false)
  useDidShow(() => {
    if (shownOnce && signedIn) void list.refresh()
    setShownOnce(true)
  })

  return (
    <Page title={TITLE}>
      {notStudent ? (
        <NotStudent />
      ) : (
        <>
          <View className='night-tabs' role='tablist'>
            {TABS.map((t) => (
              <View
                key={t.key}
                className={`night-tabs__tab${t.key === tab ? ' night-tabs__tab--active' : ''}`}
                {...press(() => setTab(t.key), { role: 'tab', selected: t.key === tab })}
              >
                {t.label}
              </View>
            ))}
          </View>
          <View className='night-list'>
            {tab === 'attendance'
              ? attendance.rows.map((a) => <AttendanceCard key={a.id} a={a} />)
              : classes.rows.map((c) => <ClassCard key={c.id} c={c} />)}
            {tab === 'attendance' ? <ListFooter list={attendance} /> : <ListFooter list={classes} />}
          </View>
        </>
      )}
    </Page>
  )
}
