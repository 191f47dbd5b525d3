import { useCallback, useEffect, useRef, useState } from 'react'
import Taro, { useRouter } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { finance, type Order } from '../../api/fms/finance'
import { ConfirmButton, EmptyNotice, LoadingIndicator, Page } from '../../components'
import { press } from '../../platform'
import { RequestError } from '../../request'
import { HOME_PATH, routeOf } from '../../routes'
import { courseDetailUrl } from '../../links/study'
import { useRequireLogin } from '../../session'
import { formatDate } from '../../utils/date'
import { formatYuan } from '@activity/money'
import { statusLabel, type PayPhase } from '../../pay/pay-flow'
import PayButtons from '../../pay/pay-buttons'
import { usePayment } from '../../pay/use-payment'
import './pay.scss'

const TITLE = routeOf('pages/main/pay')?.title ?? '付款'

const PAY_TEXTS = {
  pay: (amount: number) => `立即支付 ${formatYuan(amount)}`,
  retry: '重新支付',
  refresh: '刷新支付状态',
  paying: '正在确认支付结果，请勿关闭页面',
  paid: '支付成功，感谢您的支持',
  home: '返回首页',
  study: '开始学习',
  noOrder: '订单不存在或已失效',
  loadFailed: '订单加载失败，请检查网络后重试',
  reload: '重新加载',
} as const

const PHASE_CLASS: Record<PayPhase, string> = {
  loading: 'loading',
  loadFailed: 'loading',
  unpaid: 'unpaid',
  paying: 'paying',
  paid: 'paid',
  failed: 'failed',
  cancelled: 'failed',
}

/**
 * A paid course order goes on to the course: back to its page when the person came from there
 * (it asks the course again as it shows), else to it in place of this page.
 */
function openCourse(courseId: number): void {
  const pages = Taro.getCurrentPages()
  const previous = pages[pages.length - 2]
  if (previous?.route?.replace(/^\//, '') === 'pages/study/courseDetail') void Taro.navigateBack()
  else void Taro.redirectTo({ url: courseDetailUrl(courseId) })
}

function orderIdOf(raw: string | undefined): number | null {
  const id = Number(raw)
  return Number.isInteger(id) && id > 0 ? id : null
}

/**
 * pages/main/pay?id=<order id> (付款): the order's items and amount, paid through the platform
 * (src/pay/platform-pay*.ts). After the platform call, payStatus is polled until the server
 * (told by the provider) says 支付成功 or 支付失败; see src/pay/pay-flow.ts and use-payment.ts. Any signed-in
 * person pays their own orders (a student buying a course too); a paid course order offers 开始学习.
 */
export default function MainPayPage() {
  const signedIn = useRequireLogin()
  const { params } = useRouter()
  const id = orderIdOf(params.id)
  const [order, setOrder] = useState<Order | null>(null)
  // The order could not be had: 'missing' when the server refused (not found, not yours), 'offline' otherwise.
  const [loadError, setLoadError] = useState<'missing' | 'offline' | null>(null)
  // Each payStatus answer updates the order shown (its paid time, why it failed).
  const { state, dispatch, pay } = usePayment(id, (data) =>
    setOrder((o) => (o ? { ...o, payStatus: data.payStatus, paidAt: data.paidAt, failReason: data.failReason } : o)),
  )
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
      const { data } = await finance.order.detailsForClient({ id })
      if (!mounted.current) return
      setOrder(data)
      setLoadError(null)
      dispatch({ type: 'loaded', payStatus: data.payStatus, failReason: data.failReason })
    } catch (err) {
      if (!mounted.current) return
      setLoadError(err instanceof RequestError && err.kind !== 'network' ? 'missing' : 'offline')
      dispatch({ type: 'loadFailed' })
    }
  }, [id, dispatch])

  useEffect(() => {
    if (signedIn) void load()
  }, [signedIn, load])

  const label = statusLabel(state.phase)
  const body = () => {
    if (id === null || (state.phase === 'loadFailed' && loadError === 'missing'))
      return <EmptyNotice type='page' text={PAY_TEXTS.noOrder} />
    if (state.phase === 'loadFailed')
      return (
        <View className='pay-load'>
          <EmptyNotice type='page' text={PAY_TEXTS.loadFailed} />
          <ConfirmButton inline title={PAY_TEXTS.reload} onClick={() => void load()} />
        </View>
      )
    if (!order)
      return (
        <View className='pay-load'>
          <LoadingIndicator content='加载中' />
        </View>
      )
    return (
      <>
        <View className={`pay-status pay-status--${PHASE_CLASS[state.phase]}`}>
          <View className='pay-status__icon'>
            {state.phase === 'paying' ? (
              <LoadingIndicator size={56} color='#ff6b00' />
            ) : (
              <Text>{state.phase === 'paid' ? '✓' : state.phase === 'failed' ? '!' : '¥'}</Text>
            )}
          </View>
          <Text className='pay-status__label'>{label}</Text>
          <Text className='pay-status__amount'>{formatYuan(order.amount)}</Text>
          {state.phase === 'paying' && !state.confirming ? <Text className='pay-status__note'>{PAY_TEXTS.paying}</Text> : null}
          {state.phase === 'paid' ? (
            <Text className='pay-status__note'>
              {PAY_TEXTS.paid}
              {order.paidAt ? `（${formatDate(order.paidAt, 'yyyy-MM-dd hh:mm')}）` : ''}
            </Text>
          ) : null}
          {state.note ? <Text className='pay-status__note pay-status__note--emphasis'>{state.note}</Text> : null}
        </View>

        <View className='pay-order'>
          <View className='pay-order__head'>
            <Text className='pay-order__title'>{order.title}</Text>
          </View>
          {order.items.map((item, i) => (
            <View className='pay-order__item' key={`${item.name}-${i}`}>
              <View className='pay-order__item-main'>
                <Text className='pay-order__item-name'>{item.name}</Text>
                <Text className='pay-order__item-unit'>
                  {formatYuan(item.unitPrice)} × {item.quantity}
                </Text>
              </View>
              <Text className='pay-order__item-amount'>{formatYuan(item.amount)}</Text>
            </View>
          ))}
          <View className='pay-order__total'>
            <Text>合计</Text>
            <Text className='pay-order__total-amount'>{formatYuan(order.amount)}</Text>
          </View>
          <View className='pay-order__meta'>
            <Text>订单编号</Text>
            <Text className='pay-order__no'>{order.orderNo}</Text>
          </View>
          <View className='pay-order__meta'>
            <Text>创建时间</Text>
            <Text>{formatDate(order.createdAt, 'yyyy-MM-dd hh:mm')}</Text>
          </View>
        </View>

        <View className='pay-actions'>
          {state.phase === 'paid' && order.courseId !== null ? (
            <>
              <ConfirmButton className='pay-actions__study' title={PAY_TEXTS.study} onClick={() => openCourse(order.courseId ?? 0)} />
              <View className='pay-actions__link' {...press(() => void Taro.reLaunch({ url: `/${HOME_PATH}` }), { role: 'link' })}>
                <Text>{PAY_TEXTS.home}</Text>
              </View>
            </>
          ) : state.phase === 'paid' ? (
            <ConfirmButton title={PAY_TEXTS.home} onClick={() => void Taro.reLaunch({ url: `/${HOME_PATH}` })} />
          ) : (
            <PayButtons
              state={state}
              block='pay-actions'
              payTitle={PAY_TEXTS.pay(order.amount)}
              retryTitle={PAY_TEXTS.retry}
              refreshTitle={PAY_TEXTS.refresh}
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
      <View className='pay'>{body()}</View>
    </Page>
  )
}
