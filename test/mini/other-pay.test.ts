import { startTestServer, type TestServer } from '../../src/request/testing/server'
import { ORDER, servePayOrder, servePayStatus, WECHAT, wechatPaySheet } from './pay-support'
import { hasWeappBuild, installMiniGlobals, loadApp, renderPage, textOf, until, withQuery } from './harness'

/**
 * The pay page (pages/main/pay?id=7) in the compiled WeChat mini-program: it asks payFee for the
 * channel wechat-mini and hands WeChat's requestPayment exactly the parameters the server signed;
 * the order reads 支付中 until payStatus (the server, told by the provider) says 支付成功, however
 * the pay sheet ended. A local server stands in for the back-office with a real pay provider's
 * answer (not the sandbox, which skips the platform call); wx.requestPayment is the fake far side.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's components and globals are untyped */
let server: TestServer
let page: any
const payments: Array<Record<string, unknown>> = []
const statusAnswers = ['支付中', '支付中', '支付成功']
let textWhenPaymentReturned = ''

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('no weapp build: run `npx taro build --type weapp --mode test` (WEAPP_DIR for another output)')
  server = await startTestServer('127.0.0.1')
  servePayStatus(server, { id: 7, orderNo: ORDER.orderNo, paidAt: '2026-11-22T00:05:00.000Z' }, statusAnswers)
  const networked = servePayOrder(server)
  installMiniGlobals({
    ...networked.overrides,
    // WeChat's pay sheet: the person pays; WeChat reports success to the page.
    requestPayment: wechatPaySheet(payments, 'paid', () => (textWhenPaymentReturned = textOf(page))),
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
