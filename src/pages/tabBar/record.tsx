import { useState } from 'react'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import Page from '../../components/page'
import { replaceQuery, useRoute } from '../../components/router-helper'
import { partner, type LedgerEntry } from '../../api/ems/partner'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { formatDate } from '../../utils/date'
import { formatYuan } from '@activity/money'
import { LEDGER_TYPES, LedgerType, type TimeType } from '@activity/wire'
import FilterBar from '../../components/filter-bar'
import { filterKey, listQuery, pickTimeType, pickValue, tabsOf } from '../../components/filter-bar/filters'
import ListFooter from '../../components/list-footer'
import { usePagedList } from '../../hooks/paged-list'
import { useRemote } from '../../hooks/remote'
import RetryLine from '../../components/retry-line'
import './record.scss'

const TITLE = routeOf('pages/tabBar/record')?.title ?? '资金记录'
const TYPE_TABS = tabsOf(LEDGER_TYPES)
const TYPE_CLASS: Record<LedgerType, string> = {
  [LedgerType.commission]: 'commission',
  [LedgerType.withdrawal]: 'withdrawal',
  [LedgerType.refund]: 'refund',
  [LedgerType.adjustment]: 'adjustment',
  [LedgerType.referralBonus]: 'commission',
  [LedgerType.clawback]: 'withdrawal',
  [LedgerType.debtRepayment]: 'withdrawal',
}

function RecordItem({ entry }: { entry: LedgerEntry }) {
  const sign = entry.amount > 0 ? 'plus' : entry.amount < 0 ? 'minus' : 'zero'
  return (
    <View className='record-item'>
      <View className='record-item__row'>
        <Text className={`record-item__type record-item__type--${TYPE_CLASS[entry.type] ?? 'adjustment'}`}>{entry.type}</Text>
        <Text className={`record-item__amount record-item__amount--${sign}`}>{formatYuan(entry.amount, { sign: true })}</Text>
      </View>
      <View className='record-item__row record-item__row--sub'>
        <Text className='record-item__note'>{entry.note ?? ''}</Text>
        <Text className='record-item__balance'>余额 {formatYuan(entry.balanceAfter)}</Text>
      </View>
      <View className='record-item__row record-item__row--sub'>
        <Text className='record-item__time'>{formatDate(entry.createdAt, 'yyyy-MM-dd hh:mm')}</Text>
        {entry.frozen && entry.frozenUntil ? (
          <Text className='record-item__frozen'>冻结至 {formatDate(entry.frozenUntil, 'MM-dd')}</Text>
        ) : null}
      </View>
    </View>
  )
}

/**
 * 资金记录: the partner's ledger, newest first, by type and time type (kept in the address), with
 * the balance after each entry, frozen commissions marked, pull-down refresh and load-more.
 */
export default function TabBarRecordPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const [type, setType] = useState(() => pickValue(LEDGER_TYPES, route.query.type))
  const [timeType, setTimeType] = useState(() => pickTimeType(route.query.timeType))
  const filters = { type, timeType }
  const list = usePagedList<LedgerEntry>(
    (page, size, options) => partner.withdrawalRecord.ledger(listQuery(filters, page, size), options),
    filterKey(filters),
    signedIn,
  )
  const wallet = useRemote((options) => partner.partner.home(undefined, options), signedIn)

  usePullDownRefresh(() => {
    void Promise.all([list.refresh(), wallet.reload({ lock: true })]).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => list.loadMore())

  // One tap tries every call that failed: the balances and the list.
  const retry = () => {
    if (wallet.failed) void wallet.reload()
    if (list.failed) list.retry()
  }

  const filterBy = (next: { type?: LedgerType; timeType?: TimeType }) => {
    setType(next.type)
    setTimeType(next.timeType)
    replaceQuery({ type: next.type, timeType: next.timeType })
  }

  return (
    <Page title={TITLE}>
      <View className='record-summary'>
        <View className='record-summary__cell'>
          <Text className='record-summary__label'>账户余额</Text>
          <Text className='record-summary__value record-summary__balance'>{wallet.data ? formatYuan(wallet.data.balance) : '--'}</Text>
        </View>
        <View className='record-summary__cell'>
          <Text className='record-summary__label'>可提现</Text>
          <Text className='record-summary__value'>{wallet.data ? formatYuan(wallet.data.withdrawable) : '--'}</Text>
        </View>
        <View className='record-summary__cell'>
          <Text className='record-summary__label'>冻结中</Text>
          <Text className='record-summary__value'>{wallet.data ? formatYuan(wallet.data.frozen) : '--'}</Text>
        </View>
        {wallet.failed && !wallet.data ? <RetryLine className='record-summary__failed' tone='light' onRetry={retry} /> : null}
      </View>
      <FilterBar
        tabs={TYPE_TABS}
        value={type}
        onChange={(v) => filterBy({ type: v, timeType })}
        timeType={timeType}
        onTimeTypeChange={(v) => filterBy({ type, timeType: v })}
        total={list.total}
      />
      <View className='record-page__list'>
        {list.rows.map((entry) => (
          <RecordItem key={entry.id} entry={entry} />
        ))}
        <ListFooter list={list} onRetry={retry} />
      </View>
    </Page>
  )
}
