import { PayChannel } from '../../wire.ts'
import {
  AlipayError,
  alipayCall,
  alipayKey,
  alipayNotificationSigningString,
  alipayTime,
  alipayVerify,
  fenOf,
  isAlipayUserId,
  yuanOf,
} from '../alipay.ts'
import { NotificationRejectedError, PayGatewayError, type PayNotice, type PayProvider } from './shared.ts'

/** Alipay open platform (RSA2): alipay.trade.create for the Alipay mini-program's my.tradePay, form notifications checked with Alipay's public key, alipay.trade.query when a notification is late. */
export interface AlipayPayConfig {
  /** The Alipay mini-program's app id (the app that creates trades and receives notifications). */
  appId: string
  /** The app's private key (PEM or bare base64, PKCS#8 or PKCS#1). */
  privateKey: string
  /** Alipay's public key (PEM or bare base64) from the open platform's 接口加签方式 page. */
  alipayPublicKey: string
  /** When set, notifications must name this seller (the merchant's 2088 partner id). */
  sellerId?: string
  notifyUrl: string
  gatewayUrl: string
}

const ALIPAY_SUCCESS_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED'])

/** Alipay trade fields common to a notification and a query answer, read into a notice. */
function alipayNotice(
  t: { out_trade_no?: string; trade_no?: string; trade_status?: string; total_amount?: string; paid?: string },
  notificationId: string,
): PayNotice {
  const state = t.trade_status ?? ''
  if (!ALIPAY_SUCCESS_STATES.has(state) && state !== 'TRADE_CLOSED')
    return { kind: 'ignored', notificationId, reason: `trade_status ${state}` }
  const amount = fenOf(t.total_amount)
  if (!t.out_trade_no || amount === null) throw new NotificationRejectedError('trade without order number or amount')
  const success = ALIPAY_SUCCESS_STATES.has(state)
  return {
    kind: 'transaction',
    notificationId,
    orderNo: t.out_trade_no,
    result: success ? 'success' : 'fail',
    amount,
    transactionId: t.trade_no ?? null,
    paidAt: success ? alipayTime(t.paid) : null,
    reason: success ? null : '交易已关闭',
  }
}

export function createAlipayProvider({
  config,
  fetchImpl = fetch,
  timeoutMs = 10_000,
}: {
  config: AlipayPayConfig
  fetchImpl?: typeof fetch
  timeoutMs?: number
}): PayProvider {
  const client = {
    appId: config.appId,
    privateKey: alipayKey(config.privateKey, 'private'),
    alipayPublicKey: alipayKey(config.alipayPublicKey, 'public'),
    gatewayUrl: config.gatewayUrl,
  }
  const publicMessage = (error: AlipayError) =>
    error.subCode === 'ACQ.TRADE_HAS_SUCCESS' ? '订单已支付，无需重复支付' : '支付宝下单失败，请稍后再试'

  return {
    name: 'alipay',
    channels: [PayChannel.alipayMini],
    notifyAnswer: { contentType: 'text/plain; charset=utf-8', body: 'success' },

    async createPayment({ order, channel, openId }) {
      if (channel !== PayChannel.alipayMini) throw new PayGatewayError(`alipay cannot pay ${channel}`, '暂不支持该支付方式')
      if (!openId) throw new PayGatewayError('no alipay user id', '请先在支付宝中授权登录后再支付')
      let result
      try {
        result = await alipayCall({
          config: client,
          method: 'alipay.trade.create',
          extra: { notify_url: config.notifyUrl },
          bizContent: {
            out_trade_no: order.orderNo,
            total_amount: yuanOf(order.amount),
            subject: order.description.slice(0, 256),
            product_code: 'JSAPI_PAY',
            op_app_id: config.appId,
            ...(isAlipayUserId(openId) ? { buyer_id: openId } : { buyer_open_id: openId }),
            timeout_express: '30m',
          },
          fetchImpl,
          timeoutMs,
        })
      } catch (error) {
        if (error instanceof AlipayError) throw new PayGatewayError(error.message, publicMessage(error))
        throw error
      }
      const tradeNO = result.trade_no
      if (typeof tradeNO !== 'string' || tradeNO === '') throw new PayGatewayError('Alipay answered without trade_no')
      if (result.out_trade_no !== undefined && result.out_trade_no !== order.orderNo)
        throw new PayGatewayError('Alipay answered for another order')
      return { wechat: null, alipay: { tradeNO } }
    },

    async parseNotification({ body }) {
      const form = new URLSearchParams(body)
      const params: Record<string, string> = {}
      for (const [k, v] of form) {
        if (k in params) throw new NotificationRejectedError(`parameter ${k} given twice`)
        params[k] = v
      }
      const sign = params.sign ?? ''
      if (params.sign_type !== undefined && params.sign_type !== 'RSA2') throw new NotificationRejectedError('not an RSA2 notification')
      if (!alipayVerify(alipayNotificationSigningString(params), sign, client.alipayPublicKey))
        throw new NotificationRejectedError('signature does not verify')
      if (params.app_id !== config.appId) throw new NotificationRejectedError('notification for another app')
      if (config.sellerId && params.seller_id !== config.sellerId) throw new NotificationRejectedError('notification for another seller')
      const notificationId = params.notify_id ?? ''
      if (!notificationId) throw new NotificationRejectedError('notification without notify_id')
      // A refund's notification reports the trade again: it does not change the order.
      if (params.gmt_refund || params.refund_fee) return { kind: 'ignored', notificationId, reason: 'refund' }
      return alipayNotice({ ...params, paid: params.gmt_payment }, notificationId)
    },

    async refund({ orderNo, refundNo, amount, reason }) {
      let r
      try {
        r = await alipayCall({
          config: client,
          method: 'alipay.trade.refund',
          bizContent: {
            out_trade_no: orderNo,
            refund_amount: yuanOf(amount),
            out_request_no: refundNo,
            refund_reason: reason.slice(0, 256),
          },
          fetchImpl,
          timeoutMs,
        })
      } catch (error) {
        // Alipay answered with a business code: refused, nothing was refunded. Otherwise the outcome is unknown.
        if (error instanceof AlipayError && error.subCode)
          throw new PayGatewayError(error.message, '支付宝退款失败', { code: error.subCode, message: error.message })
        if (error instanceof AlipayError) throw new PayGatewayError(error.message, '支付宝退款失败')
        throw error
      }
      if (typeof r.out_trade_no === 'string' && r.out_trade_no !== orderNo)
        throw new PayGatewayError('Alipay answered a refund for another order')
      return { status: 'done', providerRefundId: typeof r.trade_no === 'string' ? r.trade_no : null }
    },

    async queryPayment({ orderNo }) {
      let t
      try {
        t = await alipayCall({ config: client, method: 'alipay.trade.query', bizContent: { out_trade_no: orderNo }, fetchImpl, timeoutMs })
      } catch (error) {
        // The buyer has not opened the cashier yet: nothing to say.
        if (error instanceof AlipayError && error.subCode === 'ACQ.TRADE_NOT_EXIST')
          return { kind: 'ignored', notificationId: `query:${orderNo}`, reason: 'trade not created' }
        if (error instanceof AlipayError) throw new PayGatewayError(error.message)
        throw error
      }
      const s = (v: unknown) => (typeof v === 'string' ? v : undefined)
      const trade = {
        out_trade_no: s(t.out_trade_no),
        trade_no: s(t.trade_no),
        trade_status: s(t.trade_status),
        total_amount: s(t.total_amount),
        paid: s(t.send_pay_date),
      }
      if (trade.out_trade_no !== orderNo) throw new PayGatewayError('Alipay answered a query for another order')
      return alipayNotice(trade, `query:${trade.trade_no ?? orderNo}:${trade.trade_status ?? ''}`)
    },
  }
}
