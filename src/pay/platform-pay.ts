import type { PayFeeResult } from '../api/fms/finance'
import { IS_WECHAT_H5 } from '../platform'
import { wechatSdk } from '../wechat'
import { PayChannel } from '@activity/wire'
import type { PlatformPayResult } from './platform-pay-result'

/**
 * H5 (the mini-programs: platform-pay.weapp.ts, platform-pay.alipay.ts): inside WeChat the
 * JS-SDK's chooseWXPay (channel wechat-jsapi); a plain browser, Alipay's browser or our native
 * apps have no pay method the back-office serves, and the page says where to pay instead.
 * Alipay's browser gets no wap pay (alipay.trade.wap.pay) on purpose: the payers are partners,
 * who use the mini-programs or WeChat, and an Alipay user pays in the Alipay mini-program
 * (my.tradePay, platform-pay.alipay.ts) with the same order.
 */
export const PAY_CHANNEL: PayChannel | null = IS_WECHAT_H5 ? PayChannel.wechatJsapi : null

export const NO_PAY_METHOD_MESSAGE = '当前环境暂不支持在线支付，请在微信中打开本页面完成支付'

/** How long to wait for the JS-SDK's configuration before saying pay is not available. */
const SDK_WAIT_MS = 10_000

export async function payWithPlatform(params: PayFeeResult): Promise<PlatformPayResult> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const sdk = await Promise.race([wechatSdk(), new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SDK_WAIT_MS)))])
  clearTimeout(timer)
  const wechat = params.wechat
  if (!sdk || !wechat) return { kind: 'failed', reason: '微信支付暂不可用，请稍后重试' }
  return new Promise((resolve) => {
    sdk.chooseWXPay({
      // The JS-SDK spells it `timestamp`; the pay signature was made over `timeStamp`.
      timestamp: wechat.timeStamp as unknown as number,
      nonceStr: wechat.nonceStr,
      package: wechat.package,
      signType: wechat.signType,
      paySign: wechat.paySign,
      success: () => resolve({ kind: 'ok' }),
      cancel: () => resolve({ kind: 'cancelled' }),
      fail: (err: { errMsg?: string }) =>
        resolve(/cancel/i.test(err?.errMsg ?? '') ? { kind: 'cancelled' } : { kind: 'failed', reason: '支付未完成，请重试' }),
    })
  })
}
