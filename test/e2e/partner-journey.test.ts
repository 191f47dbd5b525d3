import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, phoneContext, screenshot, startApp, type RunningApp, expect, test } from './harness'
import { signInOperator, textsOf, waitForTitle } from './dashboard-support'
import { ADMIN, agree, fill, onHome, onPage, operator, pick, requestCode, signInWithPassword, toast, visible } from './user-helpers'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * The partner's whole loop, as a new partner lives it, in one browser: register with the code
 * from the SMS outbox, fill in personal and sign-up info, get approved, sign in again, record a
 * clue and see it listed; an enrolment teacher closes it as a deal; the tier, the deal count and
 * the fund record follow; the partner withdraws (审核中) and finance pays (已打款).
 * Commissions are not frozen here (COMMISSION_FREEZE_DAYS=0) so the new money can be withdrawn.
 */
test.describe("a new partner's loop, from registration to a paid withdrawal", () => {
  const phone = '13900008888'
  const password = 'journey2026'
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext
  let page: Page

  test.beforeAll(async () => {
    app = await startApp({ RATE_LIMIT: 'off', ADMIN_ACCOUNT: ADMIN.account, ADMIN_PASSWORD: ADMIN.password, COMMISSION_FREEZE_DAYS: '0' })
    browser = await launchBrowser()
    context = await phoneContext(browser)
    page = await context.newPage()
  })

  test.afterAll(async () => {
    await context?.close()
    await browser?.close()
    await app?.stop()
  })

  test('registers with the code from the SMS outbox', async () => {
    await page.goto(`${app.url}/pages/user/login?mode=register`)
    await onPage(page, '/pages/user/login', '合伙人登录')
    await fill(page, 'phone', phone)
    await fill(page, 'code', await requestCode(page, app, phone))
    await fill(page, 'password', password)
    await fill(page, 'repeat', password)
    await agree(page)
    await visible(page, '.user-login__submit').click()
    await toast(page, '注册成功')
    await onHome(page)
  })

  test('fills in personal info and sign-up info, and waits for review', async () => {
    await page.goto(`${app.url}/pages/user/person`)
    await onPage(page, '/pages/user/person', '填写个人信息')
    await fill(page, 'realName', '林一帆')
    await pick(page, 'gender', ['女'])
    await fill(page, 'idCard', '110101199003078515')
    await pick(page, 'province', ['浙江省'])
    await pick(page, 'city', ['杭州市'])
    await pick(page, 'payoutType', ['支付宝'])
    await fill(page, 'payoutAccount', 'linyifan@example.com')
    await fill(page, 'payoutName', '林一帆')
    await visible(page, '.user-person__submit').click()
    await toast(page, '保存成功')

    await page.goto(`${app.url}/pages/user/partner`)
    await onPage(page, '/pages/user/partner', '填写报名信息')
    await fill(page, 'school', '浙江开放大学')
    await fill(page, 'major', '电子商务')
    await pick(page, 'discipline', ['学历教育(大专)', '电子商务(大专)'])
    await pick(page, 'intake', ['2026', '1期'])
    await visible(page, '.user-partner__submit', '提交审核').click()
    await visible(page, '.user-partner-status__badge', '待审核').waitFor()
  })

  test('is approved by an operator, signs out and signs in again', async () => {
    const ops = await operator(app)
    await ops.audit(await ops.partnerId(phone), '已通过')

    await page.goto(`${app.url}/`)
    await onHome(page)
    await page.locator('.home-signout').click()
    await page.locator('.app-dialog__confirm').click()
    await onPage(page, '/pages/user/login', '合伙人登录')
    await signInWithPassword(page, phone, password)
    await onHome(page)
    await page.locator('.home-tier__name', { hasText: '青铜' }).waitFor({ timeout: 20_000 })
    await expect(page.locator('.home-stats__deals')).toHaveText('0')
  })

  test('records a clue and sees it listed with the phone masked', async () => {
    await page.goto(`${app.url}/pages/tabBar/clue`)
    await waitForTitle(page, '招生线索')
    await page.locator('.clue-page__add').click()
    await page.locator('.clue-form__name input').fill('高远')
    await page.locator('.clue-form__phone input').fill('13622224444')
    await page.locator('.clue-form__submit').click()
    const item = page.locator('.clue-item', { has: page.locator('.clue-item__name', { hasText: '高远' }) }).first()
    await expect(item).toHaveText(/136\*\*\*\*4444/)
    expect((await item.textContent()) ?? '').toMatch(/待跟进/)
  })

  test('sees the deal an enrolment teacher closes in the tier, the deal count and the fund records', async () => {
    const teacher = await signInOperator(app, 'teacher')
    const found = await teacher.call<{ list: Array<{ id: number }> }>('GET', '/api/ems/partner/clue/listForAdmin', { phone: '13622224444' })
    const id = found.data.list[0]!.id
    expect((await teacher.call('PUT', '/api/ems/partner/clue/follow', { id })).code).toBe(0)
    const deal = await teacher.call('PUT', '/api/ems/partner/clue/deal', { id, programme: '电子商务(大专)', amount: 398000 })
    expect(deal.code, deal.message).toBe(0)

    await page.goto(`${app.url}/`)
    await onHome(page)
    await page.locator('.home-stats__deals', { hasText: '1' }).waitFor({ timeout: 20_000 })
    await expect(page.locator('.home-wallet__amount')).toHaveText('¥100.00')

    await page.goto(`${app.url}/pages/partner/deal`)
    await waitForTitle(page, '成交单量')
    await page.locator('.deal-list__total', { hasText: '共 1 单' }).waitFor({ timeout: 20_000 })

    await page.goto(`${app.url}/pages/tabBar/record`)
    await waitForTitle(page, '资金记录')
    await page.locator('.record-item__type', { hasText: '佣金' }).first().waitFor({ timeout: 20_000 })
    await expect(page.locator('.record-item__amount').first()).toHaveText('+¥100.00')
  })

  test('withdraws (审核中), and sees 已打款 once finance pays', async () => {
    await page.goto(`${app.url}/pages/partner/withdrawal`)
    await waitForTitle(page, '提现')
    await page.locator('.withdrawal-form__amount input').fill('80')
    await page.locator('.withdrawal-form__submit').click()
    await page.locator('.app-dialog__confirm').click()
    await page.locator('.withdrawal-item__status', { hasText: '审核中' }).first().waitFor({ timeout: 20_000 })
    await screenshot(page, 'journey-withdrawal-applying')

    const ops = await operator(app)
    const partnerId = await ops.partnerId(phone)
    const finance = await signInOperator(app, 'finance')
    const pending = await finance.call<{ list: Array<{ id: number; amount: number }> }>(
      'GET',
      '/api/ems/partner/withdrawalRecord/listForAdmin',
      {
        status: '审核中',
        partnerId,
      },
    )
    expect(pending.data.list.map((w) => w.amount)).toStrictEqual([8000])
    const paid = await finance.call('PUT', '/api/ems/partner/withdrawalRecord/finishPay', {
      id: pending.data.list[0]!.id,
      transactionNo: 'TX-JOURNEY-1',
    })
    expect(paid.code, paid.message).toBe(0)

    await page.reload()
    await waitForTitle(page, '提现')
    await page.locator('.withdrawal-item__status', { hasText: '已打款' }).first().waitFor({ timeout: 20_000 })
    expect(await textsOf(page, '.withdrawal-item__status')).toStrictEqual(['已打款'])
    await screenshot(page, 'journey-withdrawal-paid')
  })
})
