import type { Browser, BrowserContext, Locator, Page } from '@playwright/test'
import { WECHAT_UA, launchBrowser, phoneContext, phoneScreen, screenshot, type Envelope, type RunningApp, expect, test } from './harness'
import { signInOperator } from './dashboard-support'
import { DEMO_ACTIVE, DEMO_STUDENT, lastSmsId, onHome, onPage, smsCode, startUserApp, visible } from './user-helpers'

// One app server for the file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * Issue 45's journeys with a keyboard alone, in Chromium at 375×667 with the demo data: no click,
 * no tap, no fill; Tab to move, Enter or Space to press, the arrow keys in a picker, typing into
 * the field that has the focus. A student signs in with a texted code, opens a course, answers a
 * question of 「高等数学（一）模拟试卷」 and hands it in (the confirmation is a dialog the keyboard
 * stays inside), and chooses in a picker; a partner signs in with a password and applies for a
 * withdrawal; the student pays her tuition in WeChat's browser. What every page
 * offers a keyboard is the accessibility sweep's walk; this is the work done end to end.
 */
const MOCK = '高等数学（一）模拟试卷'

/** Whether the focus is on the element or inside it. */
function focused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))
}

/** Presses Tab until the focus is on `target` (forward through the page, as a person would). */
async function tabTo(page: Page, target: Locator, most = 80): Promise<void> {
  await target.waitFor({ timeout: 30_000 })
  for (let i = 0; i < most; i += 1) {
    if (await focused(target)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${most} presses`)
}

/** Tabs to a control and presses it with Enter. */
async function press(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target)
  await page.keyboard.press('Enter')
}

/** Tabs to a field and types into it. */
async function type(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target)
  await page.keyboard.type(text)
}

test.describe('issue 45: a keyboard alone', () => {
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext
  let page: Page
  /** The student's session from the first journey (a second texted code would wait out its minute). */
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>> | undefined

  test.beforeAll(async () => {
    // The sandbox pays when the test says so (a fee payment below).
    app = await startUserApp({ PAY_SANDBOX_AUTO_COMPLETE_MS: '0' })
    browser = await launchBrowser()
  })
  test.beforeEach(async () => {
    context = await phoneContext(browser)
    page = await context.newPage()
  })
  test.afterEach(async () => {
    await context?.close()
  })
  test.afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  test('a student signs in with a texted code, opens a course, and answers and hands in a mock paper', async () => {
    // From the public entrance: 学员登录.
    await page.goto(app.url)
    await press(page, visible(page, '.home-public__login--student'))
    await onPage(page, '/pages/student/login', '学员登录')
    await type(page, visible(page, '.user-form__row--phone input'), DEMO_STUDENT.phone)
    const before = await lastSmsId(app, DEMO_STUDENT.phone)
    await press(page, visible(page, '.app-code-input__button'))
    await visible(page, '.app-code-input__button--counting').waitFor()
    await type(page, visible(page, '.user-form__row--code input'), await smsCode(app, DEMO_STUDENT.phone, before))
    // The consent box takes Space, as a checkbox does.
    const consent = visible(page, '.user-consent__toggle')
    await tabTo(page, consent)
    await page.keyboard.press(' ')
    await expect(consent).toHaveAttribute('aria-checked', 'true')
    await screenshot(page, 'keyboard-student-login')
    await press(page, visible(page, '.student-login__submit'))
    await onHome(page)
    await visible(page, '.student-head__name', DEMO_STUDENT.name).waitFor({ timeout: 30_000 })

    // 我的课程, then the course.
    await press(page, visible(page, '.student-entries__item--study'))
    await page.waitForURL((url) => url.pathname === '/pages/study/index', { timeout: 30_000 })
    await press(page, visible(page, '.my-course', '高等数学（一）'))
    await page.waitForURL((url) => url.pathname === '/pages/study/courseDetail', { timeout: 30_000 })
    await visible(page, '.page__title').waitFor()

    // 考试 › 模拟试卷 › the mock paper › 开始答题.
    await page.goto(`${app.url}/pages/study/exam`)
    await onPage(page, '/pages/study/exam', '考试')
    const tab = visible(page, '.exam-tabs__tab', '模拟试卷')
    await press(page, tab)
    await expect(tab).toHaveAttribute('aria-selected', 'true')
    await press(page, visible(page, '.exam-card', MOCK))
    await press(page, visible(page, '.exam-intro__start', '开始答题'))
    await onPage(page, '/pages/study/paper', '答题')

    // The first question: an option is a radio, chosen with Space.
    const option = page.locator('.question-option:visible').nth(1)
    await tabTo(page, option)
    await page.keyboard.press(' ')
    await expect(option).toHaveAttribute('aria-checked', 'true')
    await visible(page, '.paper-head__save', '答案已自动保存').waitFor({ timeout: 15_000 })
    await screenshot(page, 'keyboard-paper')

    // 交卷 with questions unanswered asks first: the dialog holds the focus, Escape closes it and
    // the focus returns to 交卷; then 交卷 again and its 确定 (交卷).
    const submit = visible(page, '.paper-submit__button')
    await press(page, submit)
    const dialog = visible(page, '.at-modal--active [role="dialog"]')
    await dialog.waitFor()
    await expect.poll(() => focused(dialog)).toBe(true)
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab')
      expect(await focused(dialog)).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(page.locator('.at-modal--active')).toHaveCount(0)
    await expect.poll(() => focused(submit)).toBe(true)
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await press(page, dialog.locator('.app-dialog__confirm'))
    await visible(page, '.paper-score__value').waitFor({ timeout: 30_000 })
    await screenshot(page, 'keyboard-paper-result')

    // A picker (请假类型): Enter opens its sheet with the focus on the column, an arrow turns it,
    // 确定 takes Enter, and the focus comes back to the field, which shows the choice.
    await page.goto(`${app.url}/pages/student/leaveApply`)
    await onPage(page, '/pages/student/leaveApply', '请假申请')
    const field = page.locator('.app-picker-field:visible').first()
    await press(page, field)
    const column = visible(page, '.taro-picker [role="spinbutton"]')
    await expect.poll(() => focused(column)).toBe(true)
    const shown = (await column.getAttribute('aria-valuetext')) ?? ''
    await page.keyboard.press('ArrowDown')
    await expect(column).not.toHaveAttribute('aria-valuetext', shown)
    const chosen = (await column.getAttribute('aria-valuetext')) ?? ''
    await screenshot(page, 'keyboard-picker')
    await press(page, visible(page, '.taro-picker__action', '确定'))
    await expect(field).toHaveText(chosen)
    await expect.poll(() => focused(field)).toBe(true)
    signedIn = await context.storageState()
  })

  test('a partner signs in with a password and applies for a withdrawal', async () => {
    // The demo partner's ¥100.00 under review is paid first: one withdrawal at a time.
    const finance = await signInOperator(app, 'finance')
    const { data } = await finance.call<{ list: Array<{ id: number }> }>('GET', '/api/ems/partner/withdrawalRecord/listForAdmin', {
      status: '审核中',
    })
    for (const row of data.list)
      expect(
        (await finance.call('PUT', '/api/ems/partner/withdrawalRecord/finishPay', { id: row.id, transactionNo: `TX-KEY-${row.id}` })).code,
      ).toBe(0)

    await page.goto(app.url)
    await press(page, visible(page, '.home-public__login--partner'))
    await page.waitForURL((url) => url.pathname === '/pages/user/login', { timeout: 30_000 })
    await type(page, visible(page, '.user-form__row--phone input'), DEMO_ACTIVE.phone)
    await type(page, visible(page, '.user-form__row--password input'), DEMO_ACTIVE.password)
    const consent = visible(page, '.user-consent__toggle')
    await tabTo(page, consent)
    await page.keyboard.press(' ')
    await expect(consent).toHaveAttribute('aria-checked', 'true')
    await press(page, visible(page, '.user-login__submit'))
    await onHome(page)

    await press(page, visible(page, '.home-wallet__button'))
    await onPage(page, '/pages/partner/withdrawal', '提现')
    await page.locator('.withdrawal-form__account-value:not(.withdrawal-form__account-value--missing)').waitFor({ timeout: 30_000 })
    await type(page, visible(page, '.withdrawal-form__amount input, input.withdrawal-form__amount'), '20')
    await press(page, visible(page, '.withdrawal-form__submit'))
    // The confirmation dialog: the focus is in it; Tab to its 确定 and press it.
    const dialog = visible(page, '.at-modal--active [role="dialog"]')
    await dialog.waitFor()
    await press(page, dialog.locator('.app-dialog__confirm'))
    await visible(page, '.withdrawal-item', '¥20.00').waitFor({ timeout: 30_000 })
    await expect(visible(page, '.withdrawal-item', '¥20.00')).toContainText('审核中')
    await screenshot(page, 'keyboard-withdrawal')
  })
  test('a student pays her tuition in WeChat’s browser', async () => {
    await context.close()
    // Still signed in from the first journey, now in WeChat's browser, where H5 pays.
    context = await phoneScreen(browser, { userAgent: WECHAT_UA, storageState: signedIn })
    page = await context.newPage()
    await page.goto(`${app.url}/pages/fee/index`)
    await onPage(page, '/pages/fee/index', '我的缴费')
    await press(page, page.locator('.fee-card:visible').first())
    await onPage(page, '/pages/fee/detail', '缴费详情')
    const pay = visible(page, '.fee-detail__pay', '立即支付')
    await press(page, pay)
    await visible(page, '.fee-detail__label', '支付中').waitFor({ timeout: 30_000 })
    const orderNo = (await visible(page, '.fee-detail__row--meta').innerText()).replace(/\D/g, '')
    const done = (await (
      await fetch(`${app.url}/api/dev/payments/complete?orderNo=${orderNo}&result=success`, { method: 'POST' })
    ).json()) as Envelope
    expect(done.code, done.message).toBe(0)
    await visible(page, '.fee-detail__label', '支付成功').waitFor({ timeout: 20_000 })
    await screenshot(page, 'keyboard-fee-paid')
  })
})
