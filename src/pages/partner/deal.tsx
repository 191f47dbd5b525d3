import { useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import Page from '../../components/page'
import { replaceQuery, useRoute } from '../../components/router-helper'
import { partner, type Deal } from '../../api/ems/partner'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { formatDate } from '../../utils/date'
import { formatYuan } from '@activity/money'
import { maskPhone } from '../../utils/phone'
import { TIME_TYPES, type TimeType } from '@activity/wire'
import { filterKey, listQuery, pickTimeType } from '../../components/filter-bar/filters'
import ListFooter from '../../components/list-footer'
import { usePagedList } from '../../hooks/paged-list'
import { useRemote } from '../../hooks/remote'
import RetryLine from '../../components/retry-line'
import './deal.scss'

const TITLE = routeOf('pages/partner/deal')?.title ?? '成交单量'

function DealItem({ deal }: { deal: Deal }) {
  return (
    <View className='deal-item'>
      <View className='deal-item__row'>
        <Text className='deal-item__name'>{deal.name}</Text>
        <Text className='deal-item__phone'>{maskPhone(deal.phone)}</Text>
        <Text className='deal-item__commission'>{deal.commission !== null ? formatYuan(deal.commission, { sign: true }) : ''}</Text>
      </View>
      <View className='deal-item__row deal-item__row--sub'>
        <Text className='deal-item__programme'>{deal.programme ?? '—'}</Text>
        {deal.levelName ? <Text className='deal-item__level'>{deal.levelName}档位佣金</Text> : null}
      </View>
      <View className='deal-item__row deal-item__row--sub'>
        <Text className='deal-item__time'>{formatDate(deal.dealAt, 'yyyy-MM-dd hh:mm')}</Text>
        {deal.amount !== null ? <Text className='deal-item__amount'>成交金额 {formatYuan(deal.amount)}</Text> : null}
      </View>
    </View>
  )
}

/**
 * 成交单量: closed deals counted by SPEC's eight time types; a tap on a count lists those deals
 * (kept in the address), otherwise all, newest first, with load-more.
 */
export default function PartnerDealPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const [timeType, setTimeType] = useState(() => pickTimeType(route.query.timeType))
  const counts = useRemote((options) => partner.partner.dealCount(undefined, options), signedIn, { reloadOnShow: true })
  const filters = { timeType }
  const list = usePagedList<Deal>(
    (page, size, options) => partner.partner.dealList(listQuery(filters, page, size), options),
    filterKey(filters),
    signedIn,
  )
  useReachBottom(() => list.loadMore())

  // One tap tries every call that failed: the counts and the list.
  const retry = () => {
    if (counts.failed) void counts.reload()
    if (list.failed) list.retry()
  }

  const choose = (next: TimeType | undefined) => {
    setTimeType(next)
    replaceQuery({ timeType: next })
  }
  const countOf = (t: TimeType) => counts.data?.find((c) => c.timeType === t)?.count

  return (
    <Page title={TITLE}>
      <View className='deal-grid'>
        {TIME_TYPES.map((t) => {
          const count = countOf(t)
          return (
            <View
              key={t}
              className={`deal-grid__cell${timeType === t ? ' deal-grid__cell--active' : ''}`}
              // A filter turned on and off again: a toggle button (pressed while it filters the list).
              {...press(() => choose(timeType === t ? undefined : t), { label: `${t}成交 ${count ?? '--'} 单`, pressed: timeType === t })}
            >
              <Text className='deal-grid__count'>{count ?? '--'}</Text>
              <Text className='deal-grid__label'>{t}</Text>
            </View>
          )
        })}
        {counts.failed && !counts.data ? <RetryLine className='deal-grid__failed' onRetry={retry} /> : null}
      </View>
      <View className='deal-list__head'>
        <Text className='deal-list__title'>成交明细{timeType ? ` · ${timeType}` : ''}</Text>
        {timeType ? (
          <Text className='deal-list__all' {...press(() => choose(undefined))}>
            查看全部
          </Text>
        ) : (
          <Text className='deal-list__total'>{list.total === undefined ? '' : `共 ${list.total} 单`}</Text>
        )}
      </View>
      <View className='deal-list'>
        {list.rows.map((deal) => (
          <DealItem key={deal.id} deal={deal} />
        ))}
        <ListFooter list={list} onRetry={retry} />
      </View>
    </Page>
  )
}
