import { envelope, startTestServer, type TestServer } from '../../src/request/testing/server'
import { alipayHost, hasAlipayBuild, loadAlipayApp, openAlipayPage, type AlipayPage } from './alipay-harness'
import { storeSignedIn, until } from './harness'
import { ORDER, serveLaunch, servePayStatus, USER } from './pay-support'

/**
 * The pay page (pages/main/pay?id=7) in the compiled Alipay mini-program (dist/alipay, run by
 * alipay-harness.ts: the build's own JavaScript with Alipay's `App`/`Page`/`my`, since the
 * simulator reads only WeChat's templates). It asks payFee for the channel alipay-mini and hands
 * my.tradePay exactly the server's tradeNO; the order reads 支付中 until payStatus says 支付成功.
 * `my.tradePay` is the fake far side (Alipay's cashier); a local server stands in for the
 * back-office with the Alipay provider's answer.
 */
const TRADE_NO = '2026112222001488880501234567'
let server: TestServer
let page: AlipayPage
const tradePays: Array<Record<string, unknown>> = []
const statusAnswers = ['支付中', '支付成功']

beforeAll(async () => {
  if (!hasAlipayBuild()) throw new Error('no alipay build: run `npx taro build --type alipay --mode test` (ALIPAY_DIR for another output)')
  server = await startTestServer('127.0.0.1')
  serveLaunch(server)
  server.on('POST /api/ums/user/user/signIn', { body: envelope(USER) })
  server.on('GET /api/fms/finance/order/detailsForClient', { body: envelope(ORDER) })
  server.on('POST /api/fms/finance/order/payFee', {
    body: envelope({
      orderId: 7,
      orderNo: ORDER.orderNo,
      amount: ORDER.amount,
      payStatus: '支付中',
      provider: 'alipay',
      channel: 'alipay-mini',
      wechat: null,
      alipay: { tradeNO: TRADE_NO },
    }),
  })
  servePayStatus(server, { id: 7, orderNo: ORDER.orderNo, paidAt: '2026-11-22T00:05:00.000Z' }, statusAnswers)
  const host = alipayHost(server.url, {
    // Alipay's cashier: the person pays; Alipay answers resultCode 9000.
    tradePay(o: Record<string, unknown> & { success?: (r: unknown) => void; complete?: (r: unknown) => void }) {
      const { success, fail: _fail, complete, ...args } = o
      tradePays.push(args)
      setTimeout(() => (success?.({ resultCode: '9000' }), complete?.({ resultCode: '9000' })), 0)
    },
  })
  storeSignedIn(host.storage, { jar: { sid: 'alipay-partner' }, user: USER, mini: true })
  loadAlipayApp(host)
  page = openAlipayPage('pages/main/pay', { id: '7' })
  await until(() => page.text().includes('立即支付 ¥3,980.00'), 10_000)
})
afterAll(() => server.close())

describe('paying an order in the Alipay mini-program', () => {
  it('shows the order: 待支付, its items and the amount', () => {
    expect(page.text()).toContain('待支付')
    expect(page.text()).toContain('专升本学费（第一学年）')
    expect(server.last('GET /api/fms/finance/order/detailsForClient')?.query).toEqual({ id: '7' })
  })

  it("asks payFee for alipay-mini and calls my.tradePay with exactly the server's tradeNO", async () => {
    page.tap('pay-actions__pay')
    await until(() => tradePays.length === 1, 5000)
    expect(server.last('POST /api/fms/finance/order/payFee')?.form).toEqual({ id: '7', channel: 'alipay-mini' })
    expect(tradePays).toEqual([{ tradeNO: TRADE_NO }])
  })

  it('stays 支付中 after the cashier says 9000, until payStatus says 支付成功', async () => {
    await until(() => page.text().includes('支付成功'), 10_000)
    expect(server.requests.filter((r) => r.path === '/api/fms/finance/order/payStatus').length).toBe(2)
    expect(page.text()).not.toContain('立即支付')
  })
})
