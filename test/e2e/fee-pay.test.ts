import type { Browser, BrowserContext, Page } from '@playwright/test'
import { WECHAT_UA, launchBrowser, phoneScreen, screenshot, startApp, type RunningApp, expect, test, type Envelope } from './harness'
import { signInStudent } from './dashboard-support'
import { visible } from './user-helpers'

// One app server for the file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/** The demo student (demo data): an unpaid 2026-2027 学费 order, a paid 教材费 order with its receipt; coupon DEMO-COUPON-100. */
const STUDENT = { phone: '13900000000', name: '林小雨' }

/**
 * 我的缴费 on H5 inside WeChat (375×667), against the real server with the sandbox pay provider:
 * the demo student sees the unpaid tuition first, uses the demo coupon, pays (the sandbox's signed
 * notification, sent when the test asks, marks it paid), opens the receipt and saves it.
 */
test.describe('学员：我的缴费、优惠券、支付、电子收据', () => {
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext
  let page: Page

  test.beforeAll(async () => {
    app = await startApp({ RATE_LIMIT: 'off', PAY_SANDBOX_AUTO_COMPLETE_MS: '0' })
    browser = await launchBrowser()
    context = await phoneScreen(browser, { userAgent: WECHAT_UA, acceptDownloads: true })
    page = await context.newPage()
    await signInStudent(page, app, STUDENT.phone)
  })
  test.afterAll(async () => {
    await context?.close()
    await browser?.close()
    await app?.stop()
  })

  test('home reminds of the unpaid tuition; the list shows it first, then the paid textbook order', async () => {
    await page.goto(`${app.url}/pages/tabBar/home`)
    await visible(page, '.student-todo--fee', '你有 1 笔费用待缴纳').waitFor({ timeout: 30_000 })
    expect(await visible(page, '.student-entries__item--fee .student-entries__badge').innerText()).toBe('1')
    await visible(page, '.student-todo--fee').click()
    await visible(page, '.page__title', '我的缴费').waitFor({ timeout: 30_000 })
    await expect.poll(() => page.locator('.fee-card:visible').count()).toBe(2)
    await expect(page.locator('.fee-card:visible .fee-card__status')).toHaveText(['待支付', '支付成功'], { useInnerText: true })
    await expect(page.locator('.fee-card:visible .fee-card__amount')).toHaveText(['应付 ¥6,800.00', '实付 ¥360.00'], { useInnerText: true })
    await screenshot(page, 'fee-list')
  })

  test('a coupon takes ¥100.00 off; paying shows 支付中 until the provider says 支付成功; the receipt opens and saves', async () => {
    await page.locator('.fee-card:visible').first().click()
    await visible(page, '.page__title', '缴费详情').waitFor()
    await visible(page, '.fee-detail__amount', '¥6,800.00').waitFor()
    await page.locator('.fee-detail__coupon-input:visible input').fill('DEMO-COUPON-100')
    await visible(page, '.fee-detail__coupon-apply').click()
    await visible(page, '.fee-detail__amount', '¥6,700.00').waitFor()
    expect(await visible(page, '.fee-detail__row--discount').innerText()).toContain('-¥100.00')
    await screenshot(page, 'fee-detail-coupon')

    const payFees: URLSearchParams[] = []
    page.on('request', (r) => {
      if (r.url().includes('/order/payFee')) payFees.push(new URLSearchParams(r.postData() ?? ''))
    })
    await visible(page, '.fee-detail__pay', '立即支付 ¥6,700.00').click()
    await visible(page, '.fee-detail__label', '支付中').waitFor()
    expect(payFees[0]?.get('channel')).toBe('wechat-jsapi')
    const orderNo = (await visible(page, '.fee-detail__row--meta').innerText()).replace(/\D/g, '')
    const done = (await (
      await fetch(`${app.url}/api/dev/payments/complete?orderNo=${orderNo}&result=success`, { method: 'POST' })
    ).json()) as Envelope<{
      payStatus: string
    }>
    expect(done.code, done.message).toBe(0)
    await visible(page, '.fee-detail__label', '支付成功').waitFor({ timeout: 20_000 })
    await screenshot(page, 'fee-detail-paid')

    await visible(page, '.app-confirm-button', '查看电子收据').click()
    await visible(page, '.page__title', '电子收据').waitFor()
    const paper = visible(page, '.fee-receipt__paper')
    await paper.waitFor()
    const text = await paper.innerText()
    expect(text).toMatch(/No\. SJ\d{14}/)
    // Dated as its number is, by the school's (Beijing) calendar, though this browser runs on UTC.
    const [, y, m, d] = /SJ(\d{4})(\d{2})(\d{2})/.exec(text) ?? []
    expect(text).toContain(`${y}-${m}-${d}`)
    expect(text).toContain('交款人：林小雨')
    expect(text).toContain('合计（小写）：¥6,700.00')
    expect(text).toContain('合计（大写）：人民币陆仟柒佰元整')
    expect(text).toContain('优惠券减免')
    await screenshot(page, 'fee-receipt')
    const download = page.waitForEvent('download')
    await visible(page, '.app-confirm-button', '保存为图片').click()
    expect((await download).suggestedFilename()).toMatch(/^收据SJ\d{14}\.png$/)
  })

  test('back on home, nothing is left to pay: no reminder, no badge', async () => {
    const counted = page.waitForResponse((r) => r.url().includes('/order/unpaidCountForClient'))
    await page.goto(`${app.url}/pages/tabBar/home`)
    expect(((await (await counted).json()) as Envelope<{ count: number }>).data.count).toBe(0)
    await visible(page, '.student-entries__item--fee').waitFor({ timeout: 30_000 })
    await expect(page.locator('.student-todo--fee:visible')).toHaveCount(0)
    await expect(page.locator('.student-entries__item--fee .student-entries__badge:visible')).toHaveCount(0)
  })
})
