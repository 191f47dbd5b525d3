import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, screenshot, type RunningApp, expect, test, phoneScreen, pageApi } from './harness'
import { fill, onPage, startUserApp, toast, visible, signInStudentOnPage } from './user-helpers'

// One app server for the file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * Issue 25's points end to end on H5 (375×667), in a real Chromium against the real back-office
 * with the demo data: the demo student 林小雨 (355 points) checks in, exchanges the demo 帆布书包
 * (200 points, shipped: an address), sees it 待发货 in 兑换记录, cancels it (points back), and
 * applies for an offline activity's points with a photo.
 */
const STUDENT = { phone: '13900000000', name: '林小雨' }
const BAG = '帆布书包'
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
)

test.describe('积分：签到、兑换、取消兑换、积分申请', () => {
  let app: RunningApp
  let browser: Browser
  let phone: BrowserContext
  let page: Page
  let balance = 0

  test.beforeAll(async () => {
    app = await startUserApp()
    browser = await launchBrowser()
    phone = await phoneScreen(browser)
    page = await phone.newPage()
  })
  test.afterAll(async () => {
    await phone?.close()
    await browser?.close()
    await app?.stop()
  })

  const api = <T>(path: string) => pageApi<T>(page, app, path)
  const shownBalance = () => visible(page, '.points-hero__balance').textContent()

  test('我的积分: the balance, the level, the ways; the student checks in once', async () => {
    await signInStudentOnPage(page, app, STUDENT.phone)

    balance = (await api<{ balance: number }>('/api/zms/point/studentPoint/listForClient')).balance
    await page.goto(`${app.url}/pages/points/index`)
    await onPage(page, '/pages/points/index', '我的积分')
    await expect.poll(shownBalance, { timeout: 30_000 }).toBe(String(balance))
    await expect(visible(page, '.points-hero__level-name')).toHaveText('青铜学员')
    await expect(visible(page, '.points-hero__hint')).toContainText('升级为「白银学员」')
    await expect.poll(() => page.locator('.points-way:visible').count()).toBe(5)
    await expect.poll(() => page.locator('.points-record:visible').count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await screenshot(page, 'points-index')

    await visible(page, '.points-hero__check', '签到 +5').click()
    await toast(page, '签到成功 +5')
    await expect.poll(shownBalance, { timeout: 15_000 }).toBe(String(balance + 5))
    await expect(visible(page, '.points-hero__check')).toHaveText('今日已签到')
    balance += 5
    await screenshot(page, 'points-checked-in')
  })

  test('积分商城 → 帆布书包: the address is asked for, the exchange confirmed, 待发货 in 兑换记录', async () => {
    await visible(page, '.points-links__item', '积分商城').click()
    await onPage(page, '/pages/points/shop', '积分商城')
    await expect.poll(() => visible(page, '.shop-head__balance').textContent(), { timeout: 30_000 }).toBe(String(balance))
    await visible(page, '.shop-good', BAG).waitFor({ timeout: 30_000 })
    await screenshot(page, 'points-shop')
    await visible(page, '.shop-good', BAG).click()

    await onPage(page, '/pages/points/good', '商品详情')
    await visible(page, '.good-card__name', BAG).waitFor({ timeout: 30_000 })
    await expect.poll(() => visible(page, '.good-page__balance').textContent(), { timeout: 15_000 }).toBe(String(balance))
    await visible(page, '.good-page__submit').click()
    await expect
      .poll(() => page.locator('.user-form__error:visible').allTextContents())
      .toEqual(['请填写收货人', '请填写手机号', '请填写收货地址'])
    await fill(page, 'name', STUDENT.name)
    await fill(page, 'phone', STUDENT.phone)
    await fill(page, 'address', '杭州市西湖区文三路1号')
    await screenshot(page, 'points-good')
    await visible(page, '.good-page__submit').click()
    await visible(page, '.app-dialog', `使用 200 积分兑换「${BAG}」×1？`).waitFor({ timeout: 15_000 })
    // The dialog has faded in (its screenshot shows it, not half of it).
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.app-dialog, .app-dialog *')].every((e) => getComputedStyle(e).opacity === '1'),
    )
    await screenshot(page, 'points-good-confirm')
    await visible(page, '.app-dialog__confirm').click()

    await onPage(page, '/pages/points/orders', '兑换记录')
    const order = visible(page, '.points-order', BAG)
    await order.waitFor({ timeout: 30_000 })
    await expect(order.locator('.points-status')).toHaveText('待发货')
    await expect(order).toContainText('杭州市西湖区文三路1号')
    expect((await api<{ balance: number }>('/api/zms/point/studentPoint/listForClient')).balance).toBe(balance - 200)
    await screenshot(page, 'points-orders')
  })

  test('兑换记录: cancelling before shipping returns the points and the stock', async () => {
    const stockBefore = (
      await api<{ list: Array<{ name: string; stock: number }> }>('/api/fms/cybermoney/shopGood/listForClient?size=100')
    ).list.find((g) => g.name === BAG)!.stock
    await visible(page, '.points-order__cancel').click()
    await visible(page, '.app-dialog__confirm').click()
    await toast(page, `已取消，积分余额 ${balance}`)
    await expect.poll(() => visible(page, '.points-order', BAG).locator('.points-status').textContent(), { timeout: 15_000 }).toBe('已取消')
    await expect(page.locator('.points-order__cancel:visible')).toHaveCount(0)
    const stockAfter = (
      await api<{ list: Array<{ name: string; stock: number }> }>('/api/fms/cybermoney/shopGood/listForClient?size=100')
    ).list.find((g) => g.name === BAG)!.stock
    expect(stockAfter).toBe(stockBefore + 1)
    await screenshot(page, 'points-order-cancelled')
  })

  test('积分申请: the student describes the activity, adds a photo and sees it 待审核', async () => {
    await page.goto(`${app.url}/pages/points/apply`)
    await onPage(page, '/pages/points/apply', '积分申请')
    await expect
      .poll(() => visible(page, '.user-form__row--way .app-picker-field').textContent(), { timeout: 30_000 })
      .toContain('线下活动')
    await visible(page, '.user-form__row--description textarea').fill('参加了学校的周末英语角')
    const chooser = page.waitForEvent('filechooser')
    await visible(page, '.image-picker__add').click()
    await (await chooser).setFiles({ name: '活动.png', mimeType: 'image/png', buffer: PNG })
    await visible(page, '.image-picker__item').waitFor({ timeout: 15_000 })
    await visible(page, '.points-apply__submit').click()
    await toast(page, '已提交，等待审核')
    const mine = visible(page, '.points-application', '参加了学校的周末英语角')
    await mine.waitFor({ timeout: 15_000 })
    await expect(mine.locator('.points-status')).toHaveText('待审核')
    await screenshot(page, 'points-apply')
  })
})
