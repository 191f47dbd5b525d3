import type { Browser, BrowserContext, Page } from '@playwright/test'
import { signInPartner, textsOf, waitForTitle } from './dashboard-support'
import { launchBrowser, phoneContext, screenshot, type RunningApp, expect, test } from './harness'
import {
  ADMIN,
  desktopContext,
  modal,
  newPartner,
  openConsole,
  rowWith,
  signInConsole,
  startOfficeApp,
  SUBMIT,
  tableRows,
} from './office-support'
import { onHome } from './user-helpers'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * The office's day, end to end in one browser: 管理员 approves a new partner in the console; a
 * prospect leaves their details on the partner's activity link; the demo 招生老师 takes the clue
 * from the pool, logs a follow-up and records a deal; the partner's H5 home shows the commission;
 * the partner withdraws; the demo 财务 pays it in the console; the partner sees 已打款; and the
 * audit log, read by 管理员, shows each of the office's steps. Each person has their own browser
 * context (their own cookies), as they would at their own desks.
 */
test.describe("the office's day: from a new partner's approval to a paid withdrawal, all in the console", () => {
  const partner = { phone: '13900006666', name: '何晓燕' }
  const prospect = { name: '邓一鸣', phone: '13955550001' }
  let app: RunningApp
  let browser: Browser
  let office: BrowserContext
  let phone: BrowserContext
  let desk: Page
  let h5: Page
  let partnerId = 0
  let partnerCode = ''
  let clueId = 0

  test.beforeAll(async () => {
    app = await startOfficeApp()
    // Registered with personal and sign-up info as the partner app does; waiting for review.
    const made = await newPartner(app, { phone: partner.phone, realName: partner.name, approve: false })
    partnerId = made.id
    partnerCode = made.code
    browser = await launchBrowser()
    office = await desktopContext(browser)
    phone = await phoneContext(browser)
    desk = await office.newPage()
    h5 = await phone.newPage()
  })

  test.afterAll(async () => {
    await office?.close()
    await phone?.close()
    await browser?.close()
    await app?.stop()
  })

  /** The office's desk, signed in as `account` (a new sign-in replaces the previous operator's). */
  async function at(account: string, password?: string): Promise<void> {
    await office.clearCookies()
    await signInConsole(desk, app, account, password)
  }

  test('管理员 approves the new partner from the 待审核 list', async () => {
    await at(ADMIN.account, ADMIN.password)
    await openConsole(desk, app, `/partners?status=${encodeURIComponent('待审核')}`)
    const row = rowWith(desk, partner.phone)
    await row.waitFor()
    await row.getByRole('button', { name: /通\s*过/ }).click()
    await desk
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /通\s*过/ })
      .click()
    await row.waitFor({ state: 'detached' })
    await openConsole(desk, app, `/partners?status=${encodeURIComponent('已通过')}`)
    await rowWith(desk, partner.phone).waitFor()
  })

  test("a prospect's clue arrives through the partner's activity link", async () => {
    const res = await fetch(`${app.url}/api/ems/partner/clue/saveForActivity`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: prospect.name, phone: prospect.phone, ref: partnerCode }).toString(),
    })
    const body = (await res.json()) as { code: number; message: string; data: { id: number } }
    expect(body.code, body.message).toBe(0)
    clueId = body.data.id
  })

  test('the 招生老师 takes it from the pool, logs a follow-up and records a deal', async () => {
    await at('teacher')
    await openConsole(desk, app, '/clues?assignee=pool')
    const row = rowWith(desk, prospect.phone)
    await row.waitFor()
    expect((await row.textContent()) ?? '').toMatch(new RegExp(`${prospect.name}.*待跟进.*活动.*${partner.name}`))
    await desk.getByTestId(`take-${clueId}`).click()
    await desk
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /领\s*取/ })
      .click()
    await desk.locator('.ant-message', { hasText: '已领取' }).waitFor()

    await openConsole(desk, app, '/clues?assignee=mine')
    await rowWith(desk, prospect.phone).getByRole('link', { name: prospect.name }).click()
    await desk.getByText(`线索：${prospect.name}`).waitFor()
    await desk.getByRole('button', { name: '添加跟进' }).click()
    const followUp = modal(desk, `添加跟进「${prospect.name}」`)
    await followUp.getByText('面谈', { exact: true }).click()
    await followUp.getByPlaceholder('沟通了什么、对方的意向和顾虑').fill('到校面谈，确定报读电子商务大专')
    await followUp.getByRole('button', { name: SUBMIT }).click()
    await desk.getByTestId('clue-timeline').getByText('到校面谈，确定报读电子商务大专').waitFor()

    await desk.getByRole('button', { name: '录入成交' }).click()
    const deal = modal(desk, `录入成交「${prospect.name}」`)
    await deal.locator('.ant-cascader').click()
    await desk.locator('.ant-cascader-menu-item', { hasText: '学历教育(大专)' }).click()
    await desk.locator('.ant-cascader-menu-item', { hasText: '电子商务(大专)' }).click()
    await deal.getByPlaceholder('例如 3980.00').fill('4680')
    await deal.getByRole('button', { name: SUBMIT }).click()
    await desk.locator('.console-page-header__heading .ant-tag', { hasText: '已成交' }).waitFor()
    const info = (await desk.getByTestId('clue-info').textContent()) ?? ''
    expect(info).toMatch(/成交专业电子商务\(大专\)|成交专业学历教育\(大专\)-电子商务\(大专\)/)
    expect(info).toMatch(/成交金额¥4,680\.00/)
    expect(info).toMatch(/合伙人佣金¥100\.00（青铜）/)
    await screenshot(desk, 'console-office-day-deal')
  })

  test("the partner's H5 home shows the commission, and the partner withdraws it", async () => {
    await signInPartner(h5, app, partner.phone)
    await h5.goto(`${app.url}/`)
    await onHome(h5)
    await h5.locator('.home-wallet__amount', { hasText: '¥100.00' }).waitFor({ timeout: 20_000 })
    await screenshot(h5, 'console-office-day-partner-home')

    await h5.goto(`${app.url}/pages/partner/withdrawal`)
    await waitForTitle(h5, '提现')
    // 申请提现 does nothing until the withdrawable amount and the payout account have arrived.
    await h5.locator('.withdrawal-head__amount', { hasText: '¥100.00' }).waitFor({ timeout: 20_000 })
    await h5.locator('.withdrawal-form__account-value:not(.withdrawal-form__account-value--missing)').waitFor()
    await h5.locator('.withdrawal-form__amount input').fill('100')
    await h5.locator('.withdrawal-form__submit').click()
    await h5.locator('.app-dialog__confirm').click()
    await h5.locator('.withdrawal-item__status', { hasText: '审核中' }).first().waitFor({ timeout: 20_000 })
  })

  test('财务 pays it in the console, and the partner sees 已打款', async () => {
    await at('finance')
    await openConsole(desk, app, `/withdrawals?status=${encodeURIComponent('审核中')}&partnerId=${partnerId}`)
    const row = rowWith(desk, partner.name)
    await row.waitFor()
    await expect(tableRows(desk)).toHaveCount(1)
    expect((await row.textContent()) ?? '').toMatch(/¥100\.00.*审核中/)
    await row.getByRole('button', { name: /打\s*款/ }).click()
    const form = modal(desk, /^确认打款 #/)
    await form.getByPlaceholder('银行或微信、支付宝的转账流水号').fill('TX-OFFICE-DAY-1')
    await form.getByRole('button', { name: '确认已打款' }).click()
    await desk.getByText('没有符合条件的提现申请').waitFor()

    await h5.reload()
    await waitForTitle(h5, '提现')
    await h5.locator('.withdrawal-item__status', { hasText: '已打款' }).first().waitFor({ timeout: 20_000 })
    expect(await textsOf(h5, '.withdrawal-item__status')).toStrictEqual(['已打款'])
    await screenshot(h5, 'console-office-day-partner-paid')
  })

  test('the audit log shows each of the office’s steps', async () => {
    await at(ADMIN.account, ADMIN.password)
    await openConsole(desk, app, '/audit')
    await tableRows(desk).first().waitFor()
    const rows = (await tableRows(desk).allTextContents()).join('\n')
    // Each step by its operator, told apart from the demo data's own entries by this day's names.
    for (const [who, what, which] of [
      ['管理员', '审核通过', partner.name],
      ['招生老师演示', '领取线索', prospect.name],
      ['招生老师演示', '跟进记录', prospect.name],
      ['招生老师演示', '录入成交', prospect.name],
      ['财务演示', '确认打款', 'TX-OFFICE-DAY-1'],
    ] as const) {
      const found = await tableRows(desk).filter({ hasText: what }).filter({ hasText: who }).filter({ hasText: which }).count()
      expect(found, `the audit log lists ${what} of ${which} by ${who}:\n${rows}`).toBe(1)
    }
    await screenshot(desk, 'console-office-day-audit')
  })
})
