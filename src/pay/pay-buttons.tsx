import { Text, View } from '@tarojs/components'
import ConfirmButton from '../components/confirm-button'
import { press } from '../platform'
import { canPay, type PayState } from './pay-flow'
import { NO_PAY_METHOD_MESSAGE, PAY_CHANNEL } from './platform-pay'

export interface PayButtonsProps {
  state: PayState
  /** BEM block of the page: its `__pay`, `__link` and `__unsupported` elements. */
  block: string
  /** The first press (立即支付 ¥…); `retryTitle` after a failure, a cancel or a stuck result. */
  payTitle: string
  retryTitle: string
  refreshTitle: string
  onPay: () => void
  /** 刷新 while the result is being confirmed: poll again. */
  onRecheck: () => void
  /** 刷新 where this platform cannot pay: load the order again. */
  onReload: () => void
}

/**
 * The pay button of an order not paid yet (shared by the pay page and a fee order's detail): pay,
 * pay again, or 刷新 while the result is being confirmed; where this platform has no way to pay,
 * says so with 刷新.
 */
export default function PayButtons({ state, block, payTitle, retryTitle, refreshTitle, onPay, onRecheck, onReload }: PayButtonsProps) {
  if (!PAY_CHANNEL)
    return (
      <>
        <View className={`${block}__unsupported`}>
          <Text>{NO_PAY_METHOD_MESSAGE}</Text>
        </View>
        <View className={`${block}__link`} {...press(() => onReload())}>
          <Text>{refreshTitle}</Text>
        </View>
      </>
    )
  return (
    <>
      {canPay(state) ? (
        <ConfirmButton
          className={`${block}__pay`}
          title={state.phase === 'unpaid' && !state.note ? payTitle : retryTitle}
          onClick={onPay}
        />
      ) : null}
      {state.phase === 'paying' && state.confirming ? (
        <View className={`${block}__link`} {...press(() => onRecheck())}>
          <Text>{refreshTitle}</Text>
        </View>
      ) : null}
    </>
  )
}
