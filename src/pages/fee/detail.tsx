import { useCallback, useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { basic } from '../../api/ems/basic'
import { finance, type Order } from '../../api/fms/finance'
import { ConfirmButton, EmptyNotice, LoadingIndicator, Page } from '../../components'
import NotStudent from '../../components/not-student'
import TextInput from '../../components/text-input'
import { useStudentLoad } from '../../hooks/student-load'
import { useRoute } from '../../components/router-helper'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session'
import { formatDate } from '../../utils/date'
import { formatYuan } from '@activity/money'
import { OrderPayStatus } from '@activity/wire'
import { statusLabel } from '../../pay/pay-flow'
import PayButtons from '../../pay/pay-buttons'
import { usePayment } from '../../pay/use-payment'
import { canUseCoupon, couponRefusal, toneOf } from './components/fee-logic'
import { receiptUrl } from '../../links/fee'
import './detail.scss'

const TITLE = routeOf('pages/fee/detail')?.title ?? '缴费详情'

export const FEE_DETAIL_TEXTS = {
  pay: (amount: number) => `立即支付 ${formatYuan(amount)}`,
  retry: '重新支付',
  refresh: '刷新支付状态',
  paying: '正在确认支付结果，请勿关闭页面',
  noOrder: '缴费单不存在或已失效',
  loadFailed: '缴费单加载失败，请检查网络后重试',
  reload: '重新加载',
  coupon: '使用优惠券',
  couponPlaceholder: '输入优惠券码',
  couponUsed: (code: string, discount: number) => `已使用优惠券 ${code}，优惠 ${formatYuan(discount)}`,
  receipt: '查看电子收据',
  cancelled: '该缴费单已取消',
} as const

const idOf = (raw: string | undefined) => {
  const id = Number(raw)
  return Number.isInteger(id) && id > 0 ? id : null
}

/**
 * pages/fee/detail?id= (缴费详情): a fee order with its items, a coupon code to take an amount or
 * a rate off before paying, the pay button (payFee with this platform's channel, then payStatus
 * polled until the server, told by the provider, says 支付成功 or 支付失败: src/pay/use-payment.ts),
 * its refunds, and its receipt once paid.
 */
export default function FeeDetailPage() {
  const signedIn = useRequireLogin()
  const { query: params } = useRoute()
  const id = idOf(params.id)
  const [order, setOrder] = useState<Order | null>(null)
  // Not a student, or an order that is not there (not found, not mine): said in place of the page.
  const student = useStudentLoad('answered')
  const { remember } = student
  // Paid: the order is asked again (its receipt, its paid time).
  const { state, dispatch, pay } = usePayment(id, (data) => {
    if (data.payStatus === OrderPayStatus.paid) void load()
  })
  const [code, setCode] = useState('')
  const [couponNote, setCouponNote] = useState<string | null>(null)
  const [applying, setApplying] = useState(false)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const load = useCallback(async () => {
    if (id === null) return
    try {
      const { data } = await remember(finance.order.detailsForClient({ id }))
      if (!mounted.current) return
      setOrder(data)
      dispatch({ type: 'loaded', payStatus: data.payStatus, failReason: data.failReason })
    } catch {
      if (mounted.current) dispatch({ type: 'loadFailed' })
    }
  }, [id, remember, dispatch])

  useEffect(() => {
    if (signedIn) void load()
  }, [signedIn, load])

  const applyCoupon = async () => {
    if (id === null || applying) return
    const refusal = couponRefusal(code)
    if (refusal) {
      setCouponNote(refusal)
      return
    }
    setApplying(true)
    setCouponNote(null)
    try {
      const { data } = await basic.coupon.activateForClient({ code: code.trim(), orderId: id }, { loadingTitle: '正在使用' })
      if (!mounted.current) return
      setCode('')
      void Taro.showToast({ title: `已优惠 ${formatYuan(data.discount)}`, icon: 'none' })
      await load()
    } catch {
      // The wrapper has shown the server's reason (used, expired, not found…).
    } finally {
      if (mounted.current) setApplying(false)
    }
  }

  const body = () => {
    if (student.notStudent) return <NotStudent />
    if (id === null || (state.phase === 'loadFailed' && student.refused !== null))
      return <EmptyNotice type='page' text={FEE_DETAIL_TEXTS.noOrder} />
    if (state.phase === 'loadFailed')
      return (
        <View className='fee-detail__load'>
          <EmptyNotice type='page' text={FEE_DETAIL_TEXTS.loadFailed} />
          <ConfirmButton inline title={FEE_DETAIL_TEXTS.reload} onClick={() => void load()} />
        </View>
      )
    if (!order)
      return (
        <View className='fee-detail__load'>
          <LoadingIndicator content='加载中' />
        </View>
      )
    const cancelled = order.payStatus === OrderPayStatus.cancelled
    const label = cancelled ? OrderPayStatus.cancelled : statusLabel(state.phase)
    const tone = cancelled ? 'cancelled' : toneOf(label)
    return (
      <>
        <View className={`fee-detail__status fee-detail__status--${tone}`}>
          <Text className='fee-detail__label'>{label}</Text>
          <Text className='fee-detail__amount'>{formatYuan(order.payAmount)}</Text>
          {order.discount > 0 ? <Text className='fee-detail__note'>原价 {formatYuan(order.amount)}</Text> : null}
          {state.phase === 'paying' && !state.confirming ? <Text className='fee-detail__note'>{FEE_DETAIL_TEXTS.paying}</Text> : null}
          {state.note ? <Text className='fee-detail__note fee-detail__note--emphasis'>{state.note}</Text> : null}
          {cancelled ? <Text className='fee-detail__note'>{order.cancelReason ?? FEE_DETAIL_TEXTS.cancelled}</Text> : null}
        </View>

        <View className='fee-detail__card'>
          <Text className='fee-detail__title'>{order.title}</Text>
          <Text className='fee-detail__meta'>
            {order.feeKind ?? ''}
            {order.academicYear ? ` · ${order.academicYear}学年` : ''}
          </Text>
          {order.items.map((item, i) => (
            <View className='fee-detail__row' key={`${item.name}-${i}`}>
              <Text>
                {item.name}
                {item.quantity > 1 ? ` ×${item.quantity}` : ''}
              </Text>
              <Text>{formatYuan(item.amount)}</Text>
            </View>
          ))}
          {order.discount > 0 ? (
            <View className='fee-detail__row fee-detail__row--discount'>
              <Text>优惠{order.couponCode ? `（${order.couponCode}）` : ''}</Text>
              <Text>-{formatYuan(order.discount)}</Text>
            </View>
          ) : null}
          <View className='fee-detail__row fee-detail__row--total'>
            <Text>{order.payStatus === OrderPayStatus.paid ? '实付' : '应付'}</Text>
            <Text>{formatYuan(order.payAmount)}</Text>
          </View>
          <View className='fee-detail__row fee-detail__row--meta'>
            <Text>订单编号</Text>
            <Text>{order.orderNo}</Text>
          </View>
          {order.paidAt ? (
            <View className='fee-detail__row fee-detail__row--meta'>
              <Text>支付时间</Text>
              <Text>{formatDate(order.paidAt, 'yyyy-MM-dd hh:mm')}</Text>
            </View>
          ) : null}
        </View>

        {canUseCoupon(order) && state.phase !== 'paying' ? (
          <View className='fee-detail__card fee-detail__coupon'>
            <Text className='fee-detail__subtitle'>{FEE_DETAIL_TEXTS.coupon}</Text>
            <View className='fee-detail__coupon-row'>
              <TextInput
                className='fee-detail__coupon-input'
                value={code}
                placeholder={FEE_DETAIL_TEXTS.couponPlaceholder}
                maxlength={32}
                onInput={setCode}
              />
              <ConfirmButton
                inline
                title='使用'
                loading={applying}
                className='fee-detail__coupon-apply'
                onClick={() => void applyCoupon()}
              />
            </View>
            {couponNote ? <Text className='fee-detail__note fee-detail__note--emphasis'>{couponNote}</Text> : null}
          </View>
        ) : null}

        {order.refunds.length > 0 ? (
          <View className='fee-detail__card'>
            <Text className='fee-detail__subtitle'>退款记录</Text>
            {order.refunds.map((r) => (
              <View className='fee-detail__row' key={r.id}>
                <Text>
                  {r.reason}（{r.status}）
                </Text>
                <Text>{formatYuan(r.amount)}</Text>
              </View>
            ))}
          </View>
        ) : null}

        <View className='fee-detail__actions'>
          {order.receiptId ? (
            <ConfirmButton
              className='fee-detail__receipt'
              title={FEE_DETAIL_TEXTS.receipt}
              onClick={() => void Taro.navigateTo({ url: receiptUrl(order.receiptId ?? 0) })}
            />
          ) : cancelled || state.phase === 'paid' ? null : (
            <PayButtons
              state={state}
              block='fee-detail'
              payTitle={FEE_DETAIL_TEXTS.pay(order.payAmount)}
              retryTitle={FEE_DETAIL_TEXTS.retry}
              refreshTitle={FEE_DETAIL_TEXTS.refresh}
              onPay={() => void pay()}
              onRecheck={() => dispatch({ type: 'recheck' })}
              onReload={() => void load()}
            />
          )}
        </View>
      </>
    )
  }

  return (
    <Page title={TITLE} insetBottom>
      <View className='fee-detail'>{body()}</View>
    </Page>
  )
}
