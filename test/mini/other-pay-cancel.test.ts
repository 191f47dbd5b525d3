import { envelope, startTestServer, type TestServer } from '../../src/request/testing/server'
import { ORDER, servePayOrder, wechatPaySheet } from './pay-support'
import { hasWeappBuild, installMiniGlobals, loadApp, renderPage, textOf, until, withQuery } from './harness'

/**
 * The pay page (pages/main/pay?id=7) in the compiled WeChat mini-program when the person closes
 * WeChat's pay sheet: back to 待支付 with 重新支付, no polling, and paying again opens the sheet
 * again. A local server stands in for the back-office; wx.requestPayment is the fake far side.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's components and globals are untyped */
let server: TestServer
let page: any
const payments: Array<Record<string, unknown>> = []

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('no weapp build: run `npx taro build --type weapp --mode test` (WEAPP_DIR for another output)')
  server = await startTestServer('127.0.0.1')
  server.on('GET /api/fms/finance/order/payStatus', {
    body: envelope({ id: 7, orderNo: ORDER.orderNo, payStatus: '支付中', paidAt: null, failReason: null }),
  })
  const networked = servePayOrder(server)
  installMiniGlobals({
    ...networked.overrides,
    // WeChat's pay sheet: the person closes it; WeChat reports a cancel to the page.
    requestPayment: wechatPaySheet(payments, 'cancelled'),
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
