import Taro from '@tarojs/taro'
import type { PayFeeResult } from '../api/fms/finance'
import { PayChannel } from '@activity/wire'
import { resultOfError, type PlatformPayResult } from './platform-pay-result'

/** Alipay mini-program: my.tradePay({ tradeNO }) through Taro (channel alipay-mini). */
export const PAY_CHANNEL: PayChannel | null = PayChannel.alipayMini

export const NO_PAY_METHOD_MESSAGE = ''

// tradePay's result codes: 9000 paid, 8000/6004 being processed, 6001 the person cancelled.
const CANCELLED = '6001'
const FAILED = new Set(['4000', '6002'])

export async function payWithPlatform(params: PayFeeResult): Promise<PlatformPayResult> {
  const alipay = params.alipay
  if (!alipay) return { kind: 'failed', reason: '支付参数缺失，请稍后重试' }
  type TradePay = (o: { tradeNO: string; success: (r: { resultCode?: string }) => void; fail: (e: unknown) => void }) => unknown
  const tradePay = (Taro as unknown as { tradePay: TradePay }).tradePay
  try {
    // Callbacks rather than the promise: they work whether or not Taro wraps the call.
    const { resultCode = '' } = await new Promise<{ resultCode?: string }>((resolve, reject) => {
      tradePay({ tradeNO: alipay.tradeNO, success: resolve, fail: reject })
    })
    if (resultCode === CANCELLED) return { kind: 'cancelled' }
    if (FAILED.has(resultCode)) return { kind: 'failed', reason: '支付未完成，请重试' }
    return { kind: 'ok' }
  } catch (err) {
    return resultOfError(err)
  }
}
