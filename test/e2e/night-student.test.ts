import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, screenshot, type RunningApp, expect, test, phoneScreen } from './harness'
import { ok, operatorApi } from './office-support'
import { ADMIN, onPage, startUserApp, visible, signInStudentOnPage } from './user-helpers'

// One app server for the file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * Issue 25's 夜校 on the student's H5 (375×667) against the real back-office with the demo data:
 * the office publishes a class starting in ten minutes with one seat; the demo student finds it
 * among the open classes, signs up (the last seat), cancels, signs up again, then checks in by
 * opening the class's QR code address (as a phone's camera does) and sees it in 我的夜校 and
 * 出勤记录. A second scan answers the first check-in.
 */
const STUDENT = { phone: '13900000000', name: '林小雨' }
const TITLE = `夜校E2E签到课${Date.now() % 100000}`

interface Detail {
  id: number
  checkInUrl: string
}

test.describe('夜校：学员报名、取消、扫码签到', () => {
  let app: RunningApp
  let browser: Browser
  let phone: BrowserContext
  let page: Page
  let cls: Detail

  test.beforeAll(async () => {
    app = await startUserApp()
    browser = await launchBrowser()
    phone = await phoneScreen(browser, { timezoneId: 'Asia/Shanghai' })
    page = await phone.newPage()
    const office = await operatorApi(app, ADMIN.account, ADMIN.password)
    const startsAt = new Date(Date.now() + 10 * 60_000)
    cls = ok(
      await office.call<Detail>('POST', '/api/cms/night/nightClass', {
        title: TITLE,
        subject: '会计学',
        teacher: '王老师',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2 * 3600_000).toISOString(),
        place: '文三路 88 号 301 教室',
        capacity: 1,
        description: '请带上计算器。',
        published: true,
      }),
    )
  })
  test.afterAll(async () => {
    await phone?.close()
    await browser?.close()
    await app?.stop()
  })

  const tag = (text: string | RegExp) => visible(page, '.night-detail .night-tag', text)

  test('the student finds the class among the open ones, with its one seat', async () => {
    await signInStudentOnPage(page, app, STUDENT.phone)

    await page.goto(`${app.url}/pages/night/index`)
    await onPage(page, '/pages/night/index', '夜校')
    const card = visible(page, '.night-card', TITLE)
    await card.waitFor({ timeout: 30_000 })
    await expect(card.locator('.night-tag')).toHaveText('余1席')
    // The demo class of today, which she signed up for, is among them too.
    await expect(visible(page, '.night-card', '会计基础（夜校第3讲）').locator('.night-tag')).toHaveText(/已报名|已签到/)
    await screenshot(page, 'night-index')
    await card.click()
    await onPage(page, '/pages/night/detail', '夜校课程')
    await visible(page, '.night-detail__title', TITLE).waitFor()
    await expect(visible(page, '.night-detail')).toContainText('1 / 1')
  })

  test('signs up for the last seat, cancels (after confirming), and signs up again', async () => {
    await visible(page, '.night-actions__sign-up').click()
    await tag('已报名').waitFor({ timeout: 30_000 })
    await expect(visible(page, '.night-detail')).toContainText('0 / 1')
    await expect(visible(page, '.night-detail__hint')).toContainText('签到已开放')
    await screenshot(page, 'night-detail-signed-up')

    await visible(page, '.night-actions__cancel', '取消报名').click()
    await visible(page, '.app-dialog__confirm').click()
    await tag('余1席').waitFor({ timeout: 30_000 })
    await expect(visible(page, '.night-detail')).toContainText('1 / 1')

    await visible(page, '.night-actions__sign-up').click()
    await tag('已报名').waitFor({ timeout: 30_000 })
  })

  test("checks in by opening the class's QR code address, once; a second scan answers the first", async () => {
    const code = new URL(cls.checkInUrl)
    expect(code.pathname).toBe('/pages/night/checkIn')
    expect(code.searchParams.get('c')).toBe(String(cls.id))
    await page.goto(`${app.url}${code.pathname}${code.search}`)
    await onPage(page, '/pages/night/checkIn', '夜校签到')
    const result = page.getByTestId('night-checked-in').filter({ visible: true })
    await expect(result).toContainText('签到成功', { timeout: 30_000 })
    await expect(result).toContainText(TITLE)
    await screenshot(page, 'night-check-in')

    await page.reload()
    await expect(page.getByTestId('night-checked-in').filter({ visible: true })).toContainText('你已签到过了', { timeout: 30_000 })

    // A tampered code is refused in words.
    await page.goto(`${app.url}/pages/night/checkIn?c=${cls.id}&t=forged`)
    await expect(page.getByTestId('night-check-in-refused').filter({ visible: true })).toContainText('签到二维码无效', {
      timeout: 30_000,
    })
  })

  test('我的夜校 and 出勤记录 show the class checked in', async () => {
    await page.goto(`${app.url}/pages/night/index`)
    await onPage(page, '/pages/night/index', '夜校')
    await visible(page, '.night-tabs__tab', '我的夜校').click()
    await expect(visible(page, '.night-card', TITLE).locator('.night-tag')).toHaveText('已签到', { timeout: 30_000 })
    await visible(page, '.night-tabs__tab', '出勤记录').click()
    const record = visible(page, '.night-card', TITLE)
    await expect(record.locator('.night-tag')).toHaveText('已签到', { timeout: 30_000 })
    await expect(record).toContainText('扫码签到')
    await screenshot(page, 'night-attendance')
  })
})
