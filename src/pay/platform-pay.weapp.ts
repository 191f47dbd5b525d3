import Taro from '@tarojs/taro'
import type { PayFeeResult } from '../api/fms/finance'
import { PayChannel } from '@activity/wire'
import { resultOfError, type PlatformPayResult } from './platform-pay-result'

/** WeChat mini-program: Taro.requestPayment with the server's parameters (channel wechat-mini). */
export const PAY_CHANNEL: PayChannel | null = PayChannel.wechatMini

export const NO_PAY_METHOD_MESSAGE = ''

export async function payWithPlatform(params: PayFeeResult): Promise<PlatformPayResult> {
  const wechat = params.wechat
  if (!wechat) return { kind: 'failed', reason: '支付参数缺失，请稍后重试' }
  try {
    // Callbacks, not Taro's promise: Taro 4 passes requestPayment through unwrapped, and only
    // newer WeChat base libraries answer a promise for a call without callbacks.
    await new Promise((resolve, reject) => {
      // requestPayment takes these five; the app id is the mini-program's own.
      void Taro.requestPayment({
        timeStamp: wechat.timeStamp,
        nonceStr: wechat.nonceStr,
        package: wechat.package,
        signType: wechat.signType,
        paySign: wechat.paySign,
        success: resolve,
        fail: reject,
      })
    })
    return { kind: 'ok' }
  } catch (err) {
    return resultOfError(err)
  }
}
