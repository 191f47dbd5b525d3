import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, phoneContext, screenshot, startApp, type RunningApp, expect, test } from './harness'
import { signInStudent } from './dashboard-support'
import { pick, visible } from './user-helpers'

// One app server for the file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/** The demo student (demo data): 林小雨, 成人高考, 浙江工商大学 工商管理 本科, 2026年1期, two notices. */
const STUDENT = { phone: '13900000000', name: '林小雨' }

/** The label -> value rows of 我的学籍 (the status row holds its tag). */
async function rollRows(page: Page): Promise<Record<string, string>> {
  return page
    .locator('.roll-row:visible')
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((row) => [
          row.querySelector('.roll-row__label')?.textContent?.trim() ?? '',
          `${row.querySelector('.roll-row__value, .roll-status')?.textContent?.trim() ?? ''}${row.querySelector('.roll-row__pending') ? ' 审核中' : ''}`,
        ]),
      ),
    )
}

async function onTitle(page: Page, title: string): Promise<void> {
  await visible(page, '.page__title', title).waitFor({ timeout: 30_000 })
}

test.describe('学员：我的学籍、学籍信息修改、通知公告', () => {
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext
  let page: Page

  test.beforeAll(async () => {
    app = await startApp({ RATE_LIMIT: 'off' })
    browser = await launchBrowser()
    context = await phoneContext(browser)
    page = await context.newPage()
    await signInStudent(page, app, STUDENT.phone)
  })
  test.afterAll(async () => {
    await context?.close()
    await browser?.close()
    await app?.stop()
  })

  test("我的学籍 shows the demo student's roll, ID number and phone masked, and its history", async () => {
    await page.goto(`${app.url}/pages/student/roll`)
    await onTitle(page, '我的学籍')
    await visible(page, '.roll-step').waitFor({ timeout: 30_000 })
    expect(await rollRows(page)).toEqual({
      教育类型: '成人高考',
      报读项目: '专升本',
      院校: '浙江工商大学',
      专业: '工商管理（本科）',
      报考类别: '管理学-工商管理类',
      批次: '2026年1期',
      学号: '2026010001',
      学籍状态: '在读',
      姓名: STUDENT.name,
      身份证号: '3301**********1235',
      手机号: '139****0000',
    })
    await expect(visible(page, '.roll-step__title')).toHaveText('登记为在读')
    await screenshot(page, 'student-roll')
  })

  test('a name correction is sent from 申请修改, listed as 待审核, and shown 审核中 on the roll', async () => {
    await visible(page, '.roll-card__action', '申请修改').click()
    await onTitle(page, '学籍信息修改')
    await visible(page, '.roll-request-page__title').waitFor()
    // Nothing chosen: the form says so and sends nothing.
    await visible(page, '.roll-request-page__submit').click()
    await visible(page, '.user-form__row--field .user-form__error', '请选择要修改的信息').waitFor()
    await pick(page, 'field', ['姓名'])
    await visible(page, '.user-form__row--value input').fill('林小语')
    await visible(page, '.user-form__row--reason input').fill('登记时写错了一个字')
    await visible(page, '.roll-request-page__submit').click()
    const item = visible(page, '.roll-request')
    await item.waitFor({ timeout: 20_000 })
    await expect(item.locator('.roll-request__field')).toHaveText('姓名')
    await expect(item.locator('.roll-request__status')).toHaveText('待审核')
    expect((await item.textContent()) ?? '').toContain('林小雨 → 林小语')
    await screenshot(page, 'student-roll-request')
    // The same field again: refused here before any call.
    await pick(page, 'field', ['姓名'])
    await visible(page, '.user-form__row--value input').fill('林小羽')
    await visible(page, '.roll-request-page__submit').click()
    await visible(page, '.user-form__row--field .user-form__error', '该项已有待审核的申请').waitFor()

    await visible(page, '.page__back').click()
    await onTitle(page, '我的学籍')
    await expect.poll(async () => (await rollRows(page))['姓名'], { timeout: 15_000 }).toBe(`${STUDENT.name} 审核中`)
    await visible(page, '.roll-row__pending').scrollIntoViewIfNeeded()
    await screenshot(page, 'student-roll-pending')
  })

  test('通知公告 lists the two demo notices unread; opening one shows it, and back on the list it is read', async () => {
    await page.goto(`${app.url}/pages/student/notice`)
    await onTitle(page, '通知公告')
    await visible(page, '.notice-item').waitFor({ timeout: 30_000 })
    await expect(page.locator('.notice-item:visible')).toHaveCount(2)
    await expect(page.locator('.notice-item--unread:visible')).toHaveCount(2)
    await expect(visible(page, '.notice-head__count')).toHaveText('2 条未读')
    await screenshot(page, 'student-notices')

    const first = visible(page, '.notice-item')
    const title = ((await first.locator('.notice-item__title').textContent()) ?? '').trim()
    await first.click()
    await onTitle(page, '通知详情')
    await visible(page, '.notice-detail__title', title).waitFor({ timeout: 20_000 })
    expect(((await visible(page, '.notice-detail__body').textContent()) ?? '').trim().length).toBeGreaterThan(0)
    await screenshot(page, 'student-notice-detail')

    await visible(page, '.page__back').click()
    await onTitle(page, '通知公告')
    await expect.poll(() => page.locator('.notice-item--unread:visible').count(), { timeout: 15_000 }).toBe(1)
    const read = page.locator('.notice-item:visible:not(.notice-item--unread)')
    await expect(read).toHaveCount(1)
    expect(((await read.locator('.notice-item__title').textContent()) ?? '').trim()).toBe(title)
    await expect(visible(page, '.notice-head__count')).toHaveText('1 条未读')
    await screenshot(page, 'student-notices-read')
  })
})
