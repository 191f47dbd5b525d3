import { envelope, startTestServer, type TestServer } from '../../src/request/testing/server'
import { hasWeappBuild, installMiniGlobals, loadApp, networkedHost, renderPage, textOf, until, type NetworkedHost } from './harness'

/**
 * The pay page (pages/main/pay?id=7) in the compiled WeChat mini-program: it asks payFee for the
 * channel wechat-mini and hands WeChat's requestPayment exactly the parameters the server signed;
 * the order reads 支付中 until payStatus (the server, told by the provider) says 支付成功, however
 * the pay sheet ended. A local server stands in for the back-office with a real pay provider's
 * answer (not the sandbox, which skips the platform call); wx.requestPayment is the fake far side.
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
const statusAnswers = ['支付中', '支付中', '支付成功']
let textWhenPaymentReturned = ''

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
  server.on('GET /api/fms/finance/order/payStatus', () => {
    const payStatus = statusAnswers.shift() ?? '支付成功'
    return {
      body: envelope({
        id: 7,
        orderNo: ORDER.orderNo,
        payStatus,
        paidAt: payStatus === '支付成功' ? '2026-11-22T00:05:00.000Z' : null,
        failReason: null,
      }),
    }
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
    // WeChat's pay sheet: the person pays; WeChat reports success to the page.
    requestPayment(options: Record<string, unknown> & { success?: (r: unknown) => void; complete?: (r: unknown) => void }) {
      const { success, fail: _fail, complete, ...args } = options
      payments.push(args)
      setTimeout(() => {
        textWhenPaymentReturned = textOf(page)
        success?.({ errMsg: 'requestPayment:ok' })
        complete?.({ errMsg: 'requestPayment:ok' })
      }, 0)
    },
  })
  withQuery({ id: '7' })
  loadApp()
  page = await renderPage('pages/main/pay')
  await until(() => textOf(page).includes('立即支付 ¥3,980.00'), 5000)
})
afterAll(() => server.close())

describe('paying an order in the WeChat mini-program', () => {
  it('shows the order: 待支付, its items and the amount', () => {
    const text = textOf(page)
    expect(text).toContain('待支付')
    expect(text).toContain('专升本学费（第一学年）')
    expect(text).toContain('¥45.00 × 4')
    expect(text).toContain('¥3,980.00')
    expect(server.last('GET /api/fms/finance/order/detailsForClient')?.query).toEqual({ id: '7' })
  })

  it("asks payFee for wechat-mini and calls requestPayment with exactly the server's parameters", async () => {
    page.querySelector('.pay-actions__pay').dispatchEvent('tap')
    await until(() => payments.length === 1, 5000)
    expect(server.last('POST /api/fms/finance/order/payFee')?.form).toEqual({ id: '7', channel: 'wechat-mini' })
    const { appId: _appId, ...signed } = WECHAT
    // requestPayment takes the five signed fields (the app id is the mini-program's own).
    expect(payments[0]).toEqual(signed)
  })

  it('stays 支付中 after the pay sheet says ok, until payStatus says 支付成功', async () => {
    // The pay sheet answers on a timer: wait for it to have answered, then read what was shown.
    await until(() => textWhenPaymentReturned !== '', 5000)
    expect(textWhenPaymentReturned).toContain('支付中')
    await until(() => textOf(page).includes('支付成功'), 10_000)
    const polls = server.requests.filter((r) => r.path === '/api/fms/finance/order/payStatus')
    expect(polls.length).toBe(3)
    expect(textOf(page)).toContain('返回首页')
    expect(textOf(page)).not.toContain('立即支付')
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
