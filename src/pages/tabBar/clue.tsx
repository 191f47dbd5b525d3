import { useState } from 'react'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import Page from '../../components/page'
import { replaceQuery, useRoute } from '../../components/router-helper'
import { partner, type Clue } from '../../api/ems/partner'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { relativeTime } from '../../utils/date'
import { formatYuan } from '@activity/money'
import { maskPhone } from '../../utils/phone'
import { CLUE_STATUSES, ClueSource, ClueStatus, type TimeType } from '@activity/wire'
import ClueFormCard from './components/clue-form-card'
import FilterBar from '../../components/filter-bar'
import { filterKey, listQuery, pickTimeType, pickValue, tabsOf } from '../../components/filter-bar/filters'
import ListFooter from '../../components/list-footer'
import { usePagedList } from '../../hooks/paged-list'
import { press } from '../../platform'
import './clue.scss'

const TITLE = routeOf('pages/tabBar/clue')?.title ?? '招生线索'
const STATUS_TABS = tabsOf(CLUE_STATUSES)
const STATUS_CLASS: Record<ClueStatus, string> = {
  [ClueStatus.new]: 'new',
  [ClueStatus.following]: 'following',
  [ClueStatus.deal]: 'deal',
  [ClueStatus.invalid]: 'invalid',
  [ClueStatus.cancelled]: 'invalid',
}

/** Where a tap on a clue goes: its progress (线索详情). */
const clueDetailUrl = (id: number) => `/pages/partner/clueDetail?id=${id}`

function ClueItem({ clue, now }: { clue: Clue; now: number }) {
  return (
    <View
      className='clue-item'
      {...press(() => void Taro.navigateTo({ url: clueDetailUrl(clue.id) }), {
        role: 'link',
        label: `${clue.name}，${clue.status}，${maskPhone(clue.phone)}`,
      })}
    >
      <View className='clue-item__top'>
        <Text className='clue-item__name'>{clue.name}</Text>
        <Text className={`clue-item__status clue-item__status--${STATUS_CLASS[clue.status] ?? 'new'}`}>{clue.status}</Text>
        {clue.source === ClueSource.activity ? <Text className='clue-item__source'>活动</Text> : null}
        <Text className='clue-item__time'>{relativeTime(clue.createdAt, now)}</Text>
      </View>
      <View className='clue-item__line'>
        <Text className='clue-item__phone'>{maskPhone(clue.phone)}</Text>
        {clue.contactMethod ? <Text className='clue-item__muted'> · {clue.contactMethod}联系</Text> : null}
      </View>
      {clue.intention ? <Text className='clue-item__detail'>意向：{clue.intention}</Text> : null}
      {clue.remark ? <Text className='clue-item__detail'>备注：{clue.remark}</Text> : null}
      {clue.status === ClueStatus.deal ? (
        <View className='clue-item__deal'>
          <Text>成交：{clue.programme ?? '—'}</Text>
          {clue.commission !== null ? (
            <Text className='clue-item__commission'>佣金 {formatYuan(clue.commission, { sign: true })}</Text>
          ) : null}
        </View>
      ) : null}
      {clue.status === ClueStatus.invalid && clue.invalidReason ? (
        <Text className='clue-item__detail'>无效原因：{clue.invalidReason}</Text>
      ) : null}
      {clue.status === ClueStatus.cancelled ? (
        <Text className='clue-item__detail'>成交已退费，佣金已撤回{clue.cancelReason ? `：${clue.cancelReason}` : ''}</Text>
      ) : null}
    </View>
  )
}

/**
 * 招生线索: the partner's clues, newest first, filtered by status and time type (kept in the
 * address), with pull-down refresh, load-more, and the add-a-clue form.
 */
export default function TabBarCluePage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const [status, setStatus] = useState(() => pickValue(CLUE_STATUSES, route.query.status))
  const [timeType, setTimeType] = useState(() => pickTimeType(route.query.timeType))
  const [adding, setAdding] = useState(false)
  const filters = { status, timeType }
  const list = usePagedList<Clue>(
    // Load-more sends the last page's cursor (keyset on the server) instead of a page number.
    (page, size, options, cursor) => {
      const { page: _page, ...query } = listQuery(filters, page, size)
      return partner.clue.list(cursor ? { ...query, cursor } : { ...query, page }, options)
    },
    filterKey(filters),
    signedIn,
  )
  const now = Date.now()

  usePullDownRefresh(() => {
    void list.refresh().finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => list.loadMore())

  const filterBy = (next: { status?: ClueStatus; timeType?: TimeType }) => {
    setStatus(next.status)
    setTimeType(next.timeType)
    replaceQuery({ status: next.status, timeType: next.timeType })
  }

  const saved = () => {
    setAdding(false)
    // Show the new clue at the top: back to 全部 unless that is the list already.
    if (status || timeType) filterBy({})
    else void list.refresh()
  }

  return (
    <Page title={TITLE}>
      {adding ? (
        <View className='clue-page__form'>
          <ClueFormCard onSaved={saved} onCancel={() => setAdding(false)} />
        </View>
      ) : (
        <View className='clue-page__add' {...press(() => setAdding(true), { label: '登记新线索' })}>
          <Text className='clue-page__add-plus'>+</Text>
          <Text>登记新线索</Text>
        </View>
      )}
      <FilterBar
        tabs={STATUS_TABS}
        value={status}
        onChange={(v) => filterBy({ status: v, timeType })}
        timeType={timeType}
        onTimeTypeChange={(v) => filterBy({ status, timeType: v })}
        total={list.total}
      />
      <View className='clue-page__list'>
        {list.rows.map((clue) => (
          <ClueItem key={clue.id} clue={clue} now={now} />
        ))}
        <ListFooter list={list} />
      </View>
    </Page>
  )
}
