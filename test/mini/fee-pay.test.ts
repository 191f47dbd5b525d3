import { envelope, startTestServer, type TestServer } from '../../src/request/testing/server'
import { serveLaunch, servePayStatus, serveWechatPayFee, wechatPaySheet } from './pay-support'
import { hasWeappBuild, installMiniGlobals, loadApp, networkedHost, renderPage, storeSignedIn, textOf, until, withQuery } from './harness'

/**
 * A fee order's detail (pages/fee/detail?id=11) in the compiled WeChat mini-program: after a
 * coupon, 立即支付 asks payFee for wechat-mini and hands WeChat's requestPayment exactly the
 * parameters the server signed; the order reads 支付成功 only when payStatus says so. A local
 * server stands in for the back-office; wx.requestPayment is the fake far side.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's components and globals are untyped */
const STUDENT = {
  id: 21,
  phone: '139****0000',
  nickname: '林小雨',
  avatar: null,
  school: '浙江工商大学',
  major: '工商管理',
  discipline: '',
}
const WECHAT = {
  appId: 'wx-mini-app',
  timeStamp: '1795900001',
  nonceStr: 'f33n0nce',
  package: 'prepay_id=wx2611260000000001',
  signType: 'RSA',
  paySign: 'ZmVlIHNpZ25lZCBieSB0aGUgbWVyY2hhbnQ=',
}
const ORDER = {
  id: 11,
  orderNo: '20261126100000123456',
  title: '2026-2027学年学费',
  feeKind: '学费',
  academicYear: '2026-2027',
  amount: 680_000,
  discount: 10_000,
  payAmount: 670_000,
  refunded: 0,
  payStatus: '待支付',
  channel: null,
  paidAt: null,
  failReason: null,
  cancelledAt: null,
  cancelReason: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  courseId: null,
  studentId: 5,
  items: [{ name: '2026-2027学年学费', quantity: 1, unitPrice: 680_000, amount: 680_000 }],
  refunds: [],
  receiptId: null,
  couponCode: 'DEMO-COUPON-100',
}

let server: TestServer
let page: any
const payments: Array<Record<string, unknown>> = []
const statusAnswers = ['支付中', '支付成功']

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('no weapp build: run `npx taro build --type weapp --mode test` (WEAPP_DIR for another output)')
  server = await startTestServer('127.0.0.1')
  serveLaunch(server)
  server.on('GET /api/fms/finance/order/detailsForClient', () => ({
    body: envelope(
      statusAnswers.length === 0 ? { ...ORDER, payStatus: '支付成功', paidAt: '2026-11-26T02:00:00.000Z', receiptId: 3 } : ORDER,
    ),
  }))
  serveWechatPayFee(server, { orderId: 11, orderNo: ORDER.orderNo, amount: ORDER.payAmount, wechat: WECHAT })
  servePayStatus(server, { id: 11, orderNo: ORDER.orderNo, paidAt: '2026-11-26T02:00:00.000Z' }, statusAnswers)
  const networked = networkedHost(server.url)
  storeSignedIn(networked.host.storage, { jar: { sid: 'weapp-student' }, user: STUDENT, mini: true })
  installMiniGlobals({
    ...networked.overrides,
    requestPayment: wechatPaySheet(payments, 'paid'),
  })
  withQuery({ id: '11' })
  loadApp()
  page = await renderPage('pages/fee/detail')
  await until(() => textOf(page).includes('立即支付 ¥6,700.00'), 5000)
})
afterAll(() => server.close())

describe('paying a fee order in the WeChat mini-program', () => {
  it('shows what is left to pay after the coupon', () => {
    const text = textOf(page)
    expect(text).toContain('待支付')
    expect(text).toContain('2026-2027学年学费')
    expect(text).toContain('-¥100.00')
    expect(server.last('GET /api/fms/finance/order/detailsForClient')?.query).toEqual({ id: '11' })
  })

  it("asks payFee for wechat-mini and calls requestPayment with exactly the server's parameters, then shows 支付成功 when payStatus says so", async () => {
    page.querySelector('.fee-detail__pay').dispatchEvent('tap')
    await until(() => payments.length === 1, 5000)
    expect(server.last('POST /api/fms/finance/order/payFee')?.form).toEqual({ id: '11', channel: 'wechat-mini' })
    const { appId: _appId, ...signed } = WECHAT
    expect(payments[0]).toEqual(signed)
    await until(() => textOf(page).includes('支付成功') && textOf(page).includes('查看电子收据'), 10_000)
    expect(server.requests.filter((r) => r.path === '/api/fms/finance/order/payStatus').length).toBe(2)
  })
})
