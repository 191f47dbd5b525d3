import { envelope, startTestServer, type TestServer } from '../../src/request/testing/server'
import { hasWeappBuild, installMiniGlobals, loadApp, networkedHost, renderPage, textOf, until, type NetworkedHost } from './harness'

/**
 * The pay page (pages/main/pay?id=7) in the compiled WeChat mini-program when the person closes
 * WeChat's pay sheet: back to 待支付 with 重新支付, no polling, and paying again opens the sheet
 * again. A local server stands in for the back-office; wx.requestPayment is the fake far side.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's components and globals are untyped */
const USER = { id: 401, phone: '138****0000', nickname: '陈晓明', avatar: null, school: '', major: '', discipline: '' }
const ORDER = {
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
const WECHAT = {
  appId: 'wx-mini-app',
  timeStamp: '1795900000',
  nonceStr: 'n0nce5tr1ng',
  package: 'prepay_id=wx2211223344556677',
  signType: 'RSA',
  paySign: 'c2lnbmVkIGJ5IHRoZSBtZXJjaGFudA==',
}

let server: TestServer
let host: NetworkedHost
let page: any
const payments: Array<Record<string, unknown>> = []

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('no weapp build: run `npx taro build --type weapp --mode test` (WEAPP_DIR for another output)')
  server = await startTestServer('127.0.0.1')
  server.on('GET /api/ums/user/user/timestamp', { body: envelope(1_795_900_000_000) })
  server.on('GET /api/ums/user/user/checkOpenId', { body: envelope('是') })
  server.on('GET /api/fms/finance/order/detailsForClient', { body: envelope(ORDER) })
  server.on('POST /api/fms/finance/order/payFee', {
    body: envelope({
      orderId: 7,
      orderNo: ORDER.orderNo,
      amount: ORDER.amount,
      payStatus: '支付中',
      provider: 'wechatpay',
      channel: 'wechat-mini',
      wechat: WECHAT,
      alipay: null,
    }),
  })
  server.on('GET /api/fms/finance/order/payStatus', {
    body: envelope({ id: 7, orderNo: ORDER.orderNo, payStatus: '支付中', paidAt: null, failReason: null }),
  })
  const networked = networkedHost(server.url)
  host = networked.host
  host.storage.set('activity_mobile_cookie', JSON.stringify({ sid: 'weapp-partner' }))
  host.storage.set(
    'activity_mobile_userInfo',
    JSON.stringify({
      version: 1,
      state: { user: USER, loginOther: { mini: true, h5Weixin: false }, headerInfo: null, course: null, router: null },
    }),
  )
  installMiniGlobals({
    ...networked.overrides,
    // WeChat's pay sheet: the person closes it; WeChat reports a cancel to the page.
    requestPayment(options: Record<string, unknown> & { fail?: (r: unknown) => void; complete?: (r: unknown) => void }) {
      const { success: _success, fail, complete, ...args } = options
      payments.push(args)
      setTimeout(() => {
        fail?.({ errMsg: 'requestPayment:fail cancel' })
        complete?.({ errMsg: 'requestPayment:fail cancel' })
      }, 0)
    },
  })
  withQuery({ id: '7' })
  loadApp()
  page = await renderPage('pages/main/pay')
  await until(() => textOf(page).includes('立即支付 ¥3,980.00'), 5000)
})
afterAll(() => server.close())

describe('a cancelled payment in the WeChat mini-program', () => {
  it('goes back to 待支付 with 重新支付 and does not poll', async () => {
    page.querySelector('.pay-actions__pay').dispatchEvent('tap')
    await until(() => textOf(page).includes('已取消支付'), 5000).catch((e) => {
      throw new Error(`${e}: ${textOf(page)} / ${JSON.stringify(payments)}`)
    })
    expect(payments).toHaveLength(1)
    const text = textOf(page)
    expect(text).toContain('待支付')
    expect(text).toContain('已取消支付，可重新支付')
    expect(text).toContain('重新支付')
    expect(text).not.toContain('支付中')
    await new Promise((r) => setTimeout(r, 1500))
    expect(server.requests.filter((r) => r.path === '/api/fms/finance/order/payStatus')).toHaveLength(0)
  })

  it('opens the pay sheet again on 重新支付', async () => {
    page.querySelector('.pay-actions__pay').dispatchEvent('tap')
    await until(() => payments.length === 2, 5000)
    expect(server.requests.filter((r) => r.path === '/api/fms/finance/order/payFee')).toHaveLength(2)
  })
})

/** Hands the page this query on load, as WeChat does for `pages/main/pay?id=7`. */
function withQuery(query: Record<string, string>) {
  const g = globalThis as any
  const shim = g.Page
  g.Page = (options: Record<string, any>) =>
    shim({
      ...options,
      onLoad(this: unknown, q: Record<string, string> = {}) {
        return options.onLoad?.call(this, { ...q, ...query })
      },
    })
}
