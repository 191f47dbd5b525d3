import { useState } from 'react'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { finance, type FeeOrder } from '../../api/fms/finance'
import ListFooter from '../../components/list-footer'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import { usePagedList } from '../../hooks/paged-list'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { formatDate } from '../../utils/date'
import { formatYuan } from '@activity/money'
import { toneOf } from './components/fee-logic'
import { feeDetailUrl } from '../../links/fee'
import './index.scss'

const TITLE = routeOf('pages/fee/index')?.title ?? '我的缴费'

function FeeCard({ order }: { order: FeeOrder }) {
  const tone = toneOf(order.payStatus)
  return (
    <View
      className={`fee-card fee-card--${tone}`}
      {...press(() => void Taro.navigateTo({ url: feeDetailUrl(order.id) }), {
        role: 'link',
        label: `${order.title}，${order.payStatus}，${formatYuan(order.payAmount)}`,
      })}
    >
      <View className='fee-card__head'>
        <Text className='fee-card__title'>{order.title}</Text>
        <Text className={`fee-card__status fee-card__status--${tone}`}>{order.payStatus}</Text>
      </View>
      <Text className='fee-card__meta'>
        {order.feeKind}
        {order.academicYear ? ` · ${order.academicYear}学年` : ''}
      </Text>
      {order.items.map((item, i) => (
        <View className='fee-card__item' key={`${item.name}-${i}`}>
          <Text>
            {item.name}
            {item.quantity > 1 ? ` ×${item.quantity}` : ''}
          </Text>
          <Text>{formatYuan(item.amount)}</Text>
        </View>
      ))}
      <View className='fee-card__foot'>
        <Text className='fee-card__time'>{formatDate(order.paidAt ?? order.createdAt, 'yyyy-MM-dd')}</Text>
        <Text className='fee-card__amount'>
          {order.payStatus === '支付成功' ? '实付' : '应付'} {formatYuan(order.payAmount)}
        </Text>
      </View>
    </View>
  )
}

/**
 * pages/fee/index (我的缴费): the fee orders the office raised for me, unpaid first, then paid,
 * each with its items; a tap opens its detail (pay, coupon, receipt). Pull down for new ones.
 */
export default function FeeIndexPage() {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const list = usePagedList<FeeOrder>(
    (page, size, options) => remember(finance.order.listFeeForClient({ page, size }, options)),
    '',
    signedIn,
  )
  useReachBottom(() => list.loadMore())
  usePullDownRefresh(() => {
    void list.refresh().finally(() => void Taro.stopPullDownRefresh())
  })
  // Back from paying: the list shows the new status.
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
        <View className='fee-list'>
          {list.rows.map((o) => (
            <FeeCard key={o.id} order={o} />
          ))}
          <ListFooter list={list} />
        </View>
      )}
    </Page>
  )
}
