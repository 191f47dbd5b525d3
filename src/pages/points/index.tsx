import { useState } from 'react'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { POINTS_RECORD_TYPES, type PointsRecordType, PointsWayKind } from '@activity/wire'
import { cybermoney } from '../../api/fms/cybermoney'
import { point, type PointsRecordItem } from '../../api/zms/point'
import ListFooter from '../../components/list-footer'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import { usePagedList } from '../../hooks/paged-list'
import { useRemote } from '../../hooks/remote'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { formatDate } from '../../utils/date'
import { levelProgress, signedPoints, wayToday } from './components/points-logic'
import PointsTabs from './components/tabs'
import { POINTS_PAGES } from '../../links/points'
import './index.scss'

const TITLE = routeOf('pages/points/index')?.title ?? '我的积分'
const TABS = [{ value: '' as const, label: '全部' }, ...POINTS_RECORD_TYPES.map((t) => ({ value: t, label: t }))]

function RecordRow({ record }: { record: PointsRecordItem }) {
  return (
    <View className='points-record'>
      <View className='points-record__main'>
        <Text className='points-record__note'>{record.note ?? record.type}</Text>
        <Text className='points-record__time'>{`${record.type} · ${formatDate(record.createdAt, 'yyyy-MM-dd hh:mm')}`}</Text>
      </View>
      <Text className={`points-record__change${record.change > 0 ? ' points-record__change--in' : ''}`}>{signedPoints(record.change)}</Text>
    </View>
  )
}

/**
 * 我的积分: my balance and level (with the way to the next), 每日签到, today's ways to earn (done
 * against each cap), links to the shop, my exchanges and 积分申请, and my records by type.
 */
export default function PointsIndexPage() {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const [tab, setTab] = useState<PointsRecordType | ''>('')
  const [checking, setChecking] = useState(false)
  const summary = useRemote((options) => remember(point.studentPoint.listForClient(undefined, options)), signedIn)
  const records = usePagedList<PointsRecordItem>(
    (page, size, options) => cybermoney.pointsRecord.listForClient({ page, size, ...(tab ? { type: tab } : {}) }, options),
    tab,
    signedIn && !notStudent,
  )
  const refresh = () => Promise.all([summary.reload({ lock: true }), records.refresh()])
  useReachBottom(() => records.loadMore())
  usePullDownRefresh(() => {
    void refresh().finally(() => void Taro.stopPullDownRefresh())
  })
  // Back from the shop or an application: the balance may have moved.
  const [shown, setShown] = useState(false)
  useDidShow(() => {
    if (shown) void refresh()
    setShown(true)
  })

  const checkIn = async () => {
    if (checking) return
    setChecking(true)
    try {
      const { data } = await point.studentPoint.checkIn(undefined, { loadingTitle: '签到中' })
      // After the lists have answered: their loading would take the toast away.
      await refresh()
      useStore.getState().showToast(`签到成功 +${data.points}`)
    } catch {
      // The wrapper has shown why (already checked in today: 409).
    } finally {
      setChecking(false)
    }
  }

  const s = summary.data
  const progress = s ? levelProgress(s.lifetime, s.level, s.nextLevel) : null
  const checkInWay = s?.ways.find((w) => w.kind === PointsWayKind.checkIn)

  return (
    <Page title={TITLE}>
      {notStudent ? (
        <NotStudent />
      ) : (
        <>
          <View className='points-hero'>
            <View className='points-hero__row'>
              <View>
                <Text className='points-hero__label'>当前积分</Text>
                <Text className='points-hero__balance'>{s ? String(s.balance) : '--'}</Text>
              </View>
              {checkInWay ? (
                <View
                  className={`points-hero__check${s?.checkedInToday ? ' points-hero__check--done' : ''}`}
                  {...press(() => (s?.checkedInToday ? undefined : void checkIn()), { disabled: !!s?.checkedInToday })}
                >
                  {s?.checkedInToday ? '今日已签到' : `签到 +${checkInWay.points}`}
                </View>
              ) : null}
            </View>
            {s && progress ? (
              <View className='points-hero__level'>
                <Text className='points-hero__level-name'>{s.level ? s.level.name : '暂无等级'}</Text>
                <Text className='points-hero__lifetime'>{`累计获得 ${s.lifetime}`}</Text>
                <View className='points-hero__bar'>
                  <View className='points-hero__fill' style={{ width: `${progress.percent}%` }} />
                </View>
                <Text className='points-hero__hint'>{progress.hint}</Text>
              </View>
            ) : null}
          </View>

          <View className='points-links'>
            {[
              { url: POINTS_PAGES.shop, label: '积分商城' },
              { url: POINTS_PAGES.orders, label: '兑换记录' },
              { url: POINTS_PAGES.apply, label: '积分申请' },
            ].map((l) => (
              <View key={l.url} className='points-links__item' {...press(() => void Taro.navigateTo({ url: l.url }), { role: 'link' })}>
                {l.label}
              </View>
            ))}
          </View>

          {s && s.ways.length > 0 ? (
            <View className='points-ways'>
              <Text className='points-section-title'>赚积分</Text>
              {s.ways.map((w) => {
                const today = wayToday(w)
                return (
                  <View key={w.id} className='points-way'>
                    <View className='points-way__main'>
                      <Text className='points-way__name'>{`${w.name} +${w.points}`}</Text>
                      {w.description ? <Text className='points-way__desc'>{w.description}</Text> : null}
                    </View>
                    <Text className={`points-way__today${today.full ? ' points-way__today--full' : ''}`}>{today.text}</Text>
                  </View>
                )
              })}
            </View>
          ) : null}

          <Text className='points-section-title points-section-title--records'>积分记录</Text>
          <PointsTabs tabs={TABS} value={tab} onChange={setTab} />
          <View className='points-records'>
            {records.rows.map((r) => (
              <RecordRow key={r.id} record={r} />
            ))}
            <ListFooter list={records} />
          </View>
        </>
      )}
    </Page>
  )
}
