import { useState } from 'react'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { GOOD_ORDER_STATUSES, GoodOrderStatus } from '@activity/wire'
import { cybermoney } from '../../api/fms/cybermoney'
import type { GoodOrder } from '../../api/zms/point'
import Dialog from '../../components/dialog'
import ListFooter from '../../components/list-footer'
import ParcelTimeline from '../../components/parcel-timeline'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import { usePagedList } from '../../hooks/paged-list'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { formatDate } from '../../utils/date'
import { canCancel } from './components/points-logic'
import PointsTabs from './components/tabs'
import './orders.scss'

const TITLE = routeOf('pages/points/orders')?.title ?? '兑换记录'
const TABS = [{ value: '' as const, label: '全部' }, ...GOOD_ORDER_STATUSES.map((s) => ({ value: s, label: s }))]
const STATUS_LOOK: Record<string, string> = {
  [GoodOrderStatus.toShip]: '',
  [GoodOrderStatus.shipped]: ' points-status--done',
  [GoodOrderStatus.done]: ' points-status--done',
  [GoodOrderStatus.cancelled]: ' points-status--off',
}

/**
 * One exchange: the good, its status, points and time, the address; once shipped its parcel (the
 * waybill, the latest track, 查看物流, 确认收货, which makes it 已完成); 取消兑换 while 待发货.
 */
function OrderCard({ order, onCancel, onReceived }: { order: GoodOrder; onCancel: () => void; onReceived: () => void }) {
  return (
    <View className='points-order'>
      <View className='points-order__row'>
        <Text className='points-order__name'>{`${order.goodName} ×${order.quantity}`}</Text>
        <Text className={`points-status${STATUS_LOOK[order.status] ?? ''}`}>{order.status}</Text>
      </View>
      <Text className='points-order__meta'>{`${order.totalPoints} 积分 · ${formatDate(order.createdAt, 'yyyy-MM-dd hh:mm')}`}</Text>
      {order.address ? (
        <Text className='points-order__meta'>{`${order.address.name} ${order.address.phone} ${order.address.address}`}</Text>
      ) : null}
      {order.parcel ? (
        <ParcelTimeline
          parcel={order.parcel}
          what='商品'
          loadTracks={async () => (await cybermoney.goodOrder.expressForClient({ id: order.id })).data.tracks}
          onConfirm={async () => {
            const { data } = await cybermoney.goodOrder.confirmForClient({ id: order.id }, { loadingTitle: '正在确认' })
            useStore.getState().showToast('已确认收货', { icon: 'success' })
            onReceived()
            return data.parcel?.receivedAt ?? null
          }}
        />
      ) : order.expressNo ? (
        // Shipped before parcels were tracked: the waybill as it was entered.
        <Text className='points-order__express'>{`${order.expressCompany ?? ''} ${order.expressNo}`}</Text>
      ) : null}
      {order.cancelReason ? <Text className='points-order__meta'>{`取消原因：${order.cancelReason}`}</Text> : null}
      {canCancel(order) ? (
        <View className='points-order__actions'>
          <View className='points-order__cancel' {...press(() => onCancel())}>
            取消兑换
          </View>
        </View>
      ) : null}
    </View>
  )
}

/**
 * 兑换记录: my exchanges, newest first, by status; a 待发货 one may be cancelled (points and stock
 * back); a shipped one shows its parcel and is received with 确认收货 (then 已完成).
 */
export default function PointsOrdersPage() {
  const signedIn = useRequireLogin()
  const { notStudent, remember } = useStudentLoad()
  const [status, setStatus] = useState<GoodOrderStatus | ''>('')
  const list = usePagedList<GoodOrder>(
    (page, size, options) => remember(cybermoney.goodOrder.listForClient({ page, size, ...(status ? { status } : {}) }, options)),
    status,
    signedIn,
  )
  useReachBottom(() => list.loadMore())
  usePullDownRefresh(() => {
    void list.refresh().finally(() => void Taro.stopPullDownRefresh())
  })

  const [asking, setAsking] = useState<GoodOrder | null>(null)
  const cancel = async (order: GoodOrder) => {
    setAsking(null)
    try {
      const { data } = await cybermoney.goodOrder.cancelForClient({ id: order.id }, { loadingTitle: '取消中' })
      await list.refresh()
      useStore.getState().showToast(`已取消，积分余额 ${data.balance}`)
    } catch {
      // The wrapper has shown why (shipped meanwhile: 409).
      await list.refresh()
    }
  }

  return (
    <Page title={TITLE}>
      {notStudent ? (
        <NotStudent />
      ) : (
        <>
          <PointsTabs tabs={TABS} value={status} onChange={setStatus} />
          <View className='points-orders'>
            {list.rows.map((o) => (
              <OrderCard key={o.id} order={o} onCancel={() => setAsking(o)} onReceived={() => void list.refresh()} />
            ))}
            <ListFooter list={list} />
          </View>
          <Dialog
            isOpened={asking !== null}
            title='取消兑换'
            content={asking ? `取消后 ${asking.totalPoints} 积分将退回，确定取消「${asking.goodName}」的兑换？` : ''}
            confirmText='取消兑换'
            cancelText='再想想'
            onConfirm={() => asking && void cancel(asking)}
            onCancel={() => setAsking(null)}
          />
        </>
      )}
    </Page>
  )
}
