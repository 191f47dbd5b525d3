import { envelope, type TestServer } from '../../src/request/testing/server'
import { networkedHost, storeSignedIn } from './harness'

/** The order the pay tests show (pages/main/pay?id=7), its signed-in payer and WeChat's signed pay parameters. */
export const USER = { id: 401, phone: '138****0000', nickname: '陈晓明', avatar: null, school: '', major: '', discipline: '' }
export const ORDER = {
  id: 7,
  orderNo: '202611220800001',
  title: '2026春季专升本学费',
  amount: 398_000,
  payStatus: '待支付',
  channel: null,
  paidAt: null,
  failReason: null,
  createdAt: '2026-11-22T00:02:00.000Z',
  items: [
    { name: '专升本学费（第一学年）', quantity: 1, unitPrice: 380_000, amount: 380_000 },
    { name: '教材费', quantity: 4, unitPrice: 4_500, amount: 18_000 },
  ],
}
export const WECHAT = {
  appId: 'wx-mini-app',
  timeStamp: '1795900000',
  nonceStr: 'n0nce5tr1ng',
  package: 'prepay_id=wx2211223344556677',
  signType: 'RSA',
  paySign: 'c2lnbmVkIGJ5IHRoZSBtZXJjaGFudA==',
}

/** The server time and the open id check every signed-in mini-program asks at launch. */
export function serveLaunch(server: TestServer) {
  server.on('GET /api/ums/user/user/timestamp', { body: envelope(1_795_900_000_000) })
  server.on('GET /api/ums/user/user/checkOpenId', { body: envelope('是') })
}

/** payFee handing out `wechat`'s signed pay parameters (WECHAT unless told) for the channel wechat-mini, for an order and its amount. */
export function serveWechatPayFee(
  server: TestServer,
  { orderId, orderNo, amount, wechat = WECHAT }: { orderId: number; orderNo: string; amount: number; wechat?: typeof WECHAT },
) {
  server.on('POST /api/fms/finance/order/payFee', {
    body: envelope({ orderId, orderNo, amount, payStatus: '支付中', provider: 'wechatpay', channel: 'wechat-mini', wechat, alipay: null }),
  })
}

/**
 * payStatus of order `id`: each call takes the next of `answers` (支付成功 once they are used up),
 * paid at `paidAt` when it says 支付成功. The array is the test's own: it shrinks as they are asked.
 */
export function servePayStatus(
  server: TestServer,
  { id, orderNo, paidAt }: { id: number; orderNo: string; paidAt: string },
  answers: string[],
) {
  server.on('GET /api/fms/finance/order/payStatus', () => {
    const payStatus = answers.shift() ?? '支付成功'
    return { body: envelope({ id, orderNo, payStatus, paidAt: payStatus === '支付成功' ? paidAt : null, failReason: null }) }
  })
}

type Callbacks = { success?: (r: unknown) => void; fail?: (r: unknown) => void; complete?: (r: unknown) => void }

/**
 * WeChat's pay sheet (wx.requestPayment), the fake far side: keeps the parameters it is handed in
 * `payments`, then, on a timer, the person pays (WeChat reports success) or closes it (a cancel);
 * `answering` runs just before WeChat answers the page.
 */
export function wechatPaySheet(payments: Array<Record<string, unknown>>, outcome: 'paid' | 'cancelled', answering?: () => void) {
  return (options: Record<string, unknown> & Callbacks) => {
    const { success, fail, complete, ...args } = options
    payments.push(args)
    setTimeout(() => {
      answering?.()
      const answer = { errMsg: outcome === 'paid' ? 'requestPayment:ok' : 'requestPayment:fail cancel' }
      ;(outcome === 'paid' ? success : fail)?.(answer)
      complete?.(answer)
    }, 0)
  }
}

/**
 * The back-office answers every pay test shares (server time, open id, the order, payFee handing
 * out WECHAT for wechat-mini), and a device signed in as USER; each test answers payStatus itself.
 */
export function servePayOrder(server: TestServer) {
  serveLaunch(server)
  server.on('GET /api/fms/finance/order/detailsForClient', { body: envelope(ORDER) })
  serveWechatPayFee(server, { orderId: 7, orderNo: ORDER.orderNo, amount: ORDER.amount })
  const networked = networkedHost(server.url)
  storeSignedIn(networked.host.storage, { jar: { sid: 'weapp-partner' }, user: USER, mini: true })
  return networked
}
