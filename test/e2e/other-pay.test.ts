import type { Browser, BrowserContext, Page } from '@playwright/test'
import { DEMO, signInOperator, signInPartner } from './dashboard-support'
import {
  WECHAT_UA,
  launchBrowser,
  phoneContext,
  phoneScreen,
  screenshot,
  startApp,
  type Envelope,
  type RunningApp,
  expect,
  test,
  expectPresent,
} from './harness'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })
interface Order {
  id: number
  orderNo: string
  amount: number
  payStatus: string
}

test.describe('the pay page (pages/main/pay)', () => {
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext | undefined
  let page: Page
  let demoOrder: Order

  test.beforeAll(async () => {
    app = await startApp({ RATE_LIMIT: 'off', PAY_SANDBOX_AUTO_COMPLETE_MS: '0' })
    browser = await launchBrowser()
  })

  test.afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  async function signedIn(phone: string, userAgent?: string): Promise<Page> {
    await context?.close()
    context = userAgent ? await phoneScreen(browser, { userAgent }) : await phoneContext(browser)
    page = await context.newPage()
    await signInPartner(page, app, phone)
    return page
  }

  const shown = (selector: string, hasText?: string | RegExp) =>
    page.locator(`${selector}:visible`, hasText ? { hasText } : undefined).first()

  async function ordersOf(p: Page): Promise<Order[]> {
    const res = (await (await p.request.get(`${app.url}/api/fms/finance/order/listForClient?size=50`)).json()) as Envelope<{
      list: Order[]
    }>
    expect(res.code, res.message).toBe(0)
    return res.data.list
  }

  async function complete(order: Order, result: 'success' | 'fail') {
    const res = (await (
      await fetch(`${app.url}/api/dev/payments/complete?orderNo=${order.orderNo}&result=${result}`, { method: 'POST' })
    ).json()) as Envelope<{
      payStatus: string
    }>
    expect(res.code, res.message).toBe(0)
  }

  test('shows the order in a plain browser, says there is no pay method here, and shows 支付成功 once the server knows', async () => {
    await signedIn(DEMO.active)
    // A second order for this partner, made by finance, for the plain browser; the demo order is paid inside WeChat below.
    const profile = (await (await page.request.get(`${app.url}/api/ems/partner/client/signInfo`)).json()) as Envelope<{ id: number }>
    const finance = await signInOperator(app, 'finance')
    const made = await finance.call<Order>('POST', '/api/fms/finance/order', {
      partnerId: profile.data.id,
      title: '教材费',
      items: JSON.stringify([
        { name: '教材', quantity: 2, unitPrice: 12_000 },
        { name: '快递费', quantity: 1, unitPrice: 1_500 },
      ]),
    })
    expect(made.code, made.message).toBe(0)
    const orders = await ordersOf(page)
    const found = orders.find((o) => o.amount === 398_000)
    expectPresent(found, 'the demo order of ¥3,980.00')
    demoOrder = found
    const order = made.data

    const payFees: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/order/payFee')) payFees.push(r.url())
    })
    await page.goto(`${app.url}/pages/main/pay?id=${order.id}`)
    await shown('.page__title', '付款').waitFor()
    await shown('.pay-status__label', '待支付').waitFor()
    expect(await shown('.pay-status__amount').innerText()).toBe('¥255.00')
    expect((await page.locator('.pay-order__item:visible').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toStrictEqual([
      '教材 ¥120.00 × 2 ¥240.00',
      '快递费 ¥15.00 × 1 ¥15.00',
    ])
    expect(await shown('.pay-order__total-amount').innerText()).toBe('¥255.00')
    expect(await shown('.pay-actions__unsupported').innerText()).toMatch(/请在微信中打开本页面完成支付/)
    await expect(page.locator('.pay-actions__pay')).toHaveCount(0)
    await screenshot(page, 'other-pay-h5-no-method')

    // Paid elsewhere (the provider told the server): a refresh shows it.
    await complete(order, 'success')
    await shown('.pay-actions__link', '刷新支付状态').click()
    await shown('.pay-status__label', '支付成功').waitFor()
    expect(payFees).toStrictEqual([])
  })

  test('inside WeChat pays with wechat-jsapi and shows 支付中, then 支付失败 when the provider says so, then 支付成功 on a retry', async () => {
    await signedIn(DEMO.active, WECHAT_UA)
    const payFees: URLSearchParams[] = []
    let polls = 0
    page.on('request', (r) => {
      if (r.url().includes('/order/payFee')) payFees.push(new URLSearchParams(r.postData() ?? ''))
      if (r.url().includes('/order/payStatus')) polls += 1
    })
    await page.goto(`${app.url}/pages/main/pay?id=${demoOrder.id}`)
    await shown('.pay-status__label', '待支付').waitFor()
    expect(await shown('.pay-status__amount').innerText()).toBe('¥3,980.00')
    expect(await shown('.pay-actions__pay').innerText()).toBe('立即支付 ¥3,980.00')
    await screenshot(page, 'other-pay-unpaid')

    await shown('.pay-actions__pay').click()
    await shown('.pay-status__label', '支付中').waitFor()
    expect(payFees.length).toBe(1)
    expect(payFees[0]?.get('channel')).toBe('wechat-jsapi')
    expect(payFees[0]?.get('id')).toBe(String(demoOrder.id))
    // The page polls and stays 支付中 until the provider's word reaches the server: nothing marks it paid before.
    await expect.poll(() => polls, { message: 'payStatus polled twice' }).toBeGreaterThanOrEqual(2)
    expect(await shown('.pay-status__label').innerText()).toBe('支付中')
    await expect(page.locator('.pay-actions__pay')).toHaveCount(0)
    await screenshot(page, 'other-pay-paying')

    await complete(demoOrder, 'fail')
    await shown('.pay-status__label', '支付失败').waitFor({ timeout: 15_000 })
    expect(await shown('.pay-status__note--emphasis').innerText()).toBe('沙箱支付失败')
    expect(await shown('.pay-actions__pay').innerText()).toBe('重新支付')
    await screenshot(page, 'other-pay-failed')

    await shown('.pay-actions__pay').click()
    await shown('.pay-status__label', '支付中').waitFor()
    await complete(demoOrder, 'success')
    await shown('.pay-status__label', '支付成功').waitFor({ timeout: 15_000 })
    expect(payFees.length).toBe(2)
    await expect(page.locator('.pay-actions__pay')).toHaveCount(0)
    await shown('.app-confirm-button', '返回首页').waitFor()
    await screenshot(page, 'other-pay-paid')

    // Reopened later, the order reads as paid straight away.
    await page.reload()
    await shown('.pay-status__label', '支付成功').waitFor()
  })

  test("does not show another partner's order", async () => {
    await signedIn(DEMO.pending)
    await page.goto(`${app.url}/pages/main/pay?id=${demoOrder.id}`)
    await shown('.app-empty__text', '订单不存在或已失效').waitFor()
    await expect(page.locator('.pay-order')).toHaveCount(0)
  })

  test('sends a signed-out person to login first, and back to the order after', async () => {
    await context?.close()
    context = await phoneContext(browser)
    page = await context.newPage()
    await page.goto(`${app.url}/pages/main/pay?id=${demoOrder.id}`)
    await page.waitForURL((u) => u.pathname === '/pages/user/login', { timeout: 30_000 })
    expect(new URL(page.url()).searchParams.get('from')).toBe(`/pages/main/pay?id=${demoOrder.id}`)
  })
})
