import type { Browser, BrowserContext, Page } from '@playwright/test'
import { chooseInPicker, launchBrowser, screenshot, type RunningApp, expect, test, phoneScreen } from './harness'
import { DEMO_PASSWORD, ok, operatorApi, signInConsole } from './office-support'
import { onPage, startUserApp, visible } from './user-helpers'

// One app server for the file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * 教职工's 我的线索 on H5 (375×667) against the real back-office with the demo data: the demo
 * 招生老师 (teacher), signed in through the API with the operator cookie on the phone's context,
 * opens a 跟进中 clue of theirs, adds a follow-up (微信, a unique text, 下次联系 the day after
 * tomorrow), sees it at the top of the timeline; the console's clue timeline holds it too. The
 * rules behind it (who may follow up, next contact in the future) are the server's tests.
 */
const NOTE = `已加微信，发送分期方案E2E${Date.now() % 100000}`

interface ClueRow {
  id: number
  name: string
  status: string
}

test.describe('我的线索：招生老师在手机上添加跟进，后台时间线可见', () => {
  let app: RunningApp
  let browser: Browser
  let phone: BrowserContext
  let page: Page

  test.beforeAll(async () => {
    app = await startUserApp()
    browser = await launchBrowser()
    phone = await phoneScreen(browser, { timezoneId: 'Asia/Shanghai' })
    page = await phone.newPage()
  })
  test.afterAll(async () => {
    await phone?.close()
    await browser?.close()
    await app?.stop()
  })

  test('the teacher opens a 跟进中 clue from 我的线索 and adds a follow-up with a next contact; the console shows it', async () => {
    // The operator session (cookie asid) on the phone's context, as 教职工登录 would leave it.
    await signInConsole(page, app, 'teacher', DEMO_PASSWORD, { stepUp: false })
    await page.goto(`${app.url}/pages/staff/clues`)
    await onPage(page, '/pages/staff/clues', '我的线索')
    await visible(page, '.staff-clue').first().waitFor({ timeout: 30_000 })
    await visible(page, '.staff-clue-tabs__item', '跟进中').click()
    // The demo data's overdue 跟进中 clue comes first, marked.
    await expect(visible(page, '.staff-clue').first().locator('.staff-clue__overdue')).toHaveText('已逾期', { timeout: 15_000 })
    await screenshot(page, 'staff-clues')

    const first = visible(page, '.staff-clue').first()
    const name = (await first.locator('.staff-clue__name').textContent())!.trim()
    await first.click()
    await onPage(page, '/pages/staff/clueDetail', '线索详情')
    await expect(visible(page, '.staff-clue-head__name')).toHaveText(name, { timeout: 30_000 })
    await expect(visible(page, '.staff-clue-head__status')).toHaveText('跟进中')
    const id = Number(new URL(page.url()).searchParams.get('id'))

    await visible(page, '.user-form__row--method .app-picker-field').click()
    await chooseInPicker(page, ['微信'])
    await visible(page, '.user-form__row--note textarea').fill(NOTE)
    await visible(page, '.user-form__row--next .app-picker-field').click()
    const afterTomorrow = (await page
      .locator('.taro-picker__overlay .taro-picker__item', { hasText: /^后天 / })
      .first()
      .textContent())!.trim()
    await chooseInPicker(page, [afterTomorrow])
    await screenshot(page, 'staff-clue-follow-up')
    await visible(page, '.staff-follow-up__submit').click()

    await expect(visible(page, '.staff-event__detail').first()).toContainText(NOTE, { timeout: 30_000 })
    await expect(visible(page, '.staff-event__title').first()).toHaveText('微信跟进')
    await expect(visible(page, '.staff-clue-head__overdue')).toHaveCount(0)
    await screenshot(page, 'staff-clue-detail')

    // The console's timeline of that clue (the console's own call, as /admin/clues/<id> shows it).
    const teacher = await operatorApi(app, 'teacher', DEMO_PASSWORD, { stepUp: false })
    const detail = ok(
      await teacher.call<ClueRow & { timeline: Array<{ kind: string; title: string; detail: string | null; adminName: string | null }> }>(
        'GET',
        `/api/ems/partner/clue/detailsForAdmin?id=${id}`,
      ),
    )
    expect(detail.name).toBe(name)
    const entry = detail.timeline[0]
    expect(entry).toMatchObject({ kind: 'followUp', title: '微信跟进' })
    expect(entry?.detail).toContain(NOTE)
    expect(entry?.detail).toContain('下次联系')
  })
})
