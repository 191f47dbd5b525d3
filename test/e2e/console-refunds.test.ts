import { screenshot, expect, test } from './harness'
import { consoleSuite, modal, ok, OPERATORS, openConsole, operatorApi, rowWith, statistic } from './console-support'
import { newPartner, type ApiUser } from './office-support'
import { formatYuan } from '@activity/money'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

const CLUE = '/api/ems/partner/clue'
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Refunds claw back, in the console (1366×768): 管理员 sets the referral bonus on the tier screen;
 * the 招生老师 of a deal cancels it from the clue (reason dialog); the partner, who had already
 * withdrawn that commission, is left with a debt shown on their detail and in 资金流水; a cancel
 * refused by the server is shown in the dialog.
 */
test.describe('console 退费撤销成交 and 推荐奖励', () => {
  const t = consoleSuite()
  const teacherApi = () => operatorApi(t.app, OPERATORS.teacher.account, OPERATORS.teacher.password)
  let phoneSeq = 0
  const phone = () => `139${String(process.pid % 10000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`

  /** A clue of `partner` taken by the demo teacher and closed as a deal; its id and commission. */
  async function dealOf(partner: { api: ApiUser }, name: string): Promise<{ id: number; commission: number }> {
    const clue = ok(await partner.api.call<{ id: number }>('POST', CLUE, { name, phone: phone() }))
    const teacher = await teacherApi()
    ok(await teacher.call('PUT', `${CLUE}/take`, { id: clue.id }))
    const done = ok(
      await teacher.call<{ commission: number }>('PUT', `${CLUE}/deal`, { id: clue.id, programme: '会计学(本科)', amount: 398000 }),
    )
    expect(done.commission > 0, 'the demo tiers pay a commission').toBeTruthy()
    return { id: clue.id, commission: done.commission }
  }

  test('管理员 sets the referral bonus on the tier screen, checked before it is sent', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/tiers')
    const card = page.getByTestId('referral-bonus')
    await card.getByText('只奖励直接推荐人一级').waitFor()
    expect(await card.locator('.ant-radio-button-wrapper-checked').innerText()).toBe('关闭')
    await card.getByText('佣金比例', { exact: true }).click()
    await card.getByRole('button', { name: '保存推荐奖励' }).click()
    await card.getByText('请填写奖励比例').waitFor()
    await card.getByLabel('奖励比例').fill('10')
    await card.getByText(/推荐人得 ¥/).waitFor()
    await card.getByRole('button', { name: '保存推荐奖励' }).click()
    await page.locator('.ant-message-notice', { hasText: '推荐奖励已保存' }).waitFor()
    const admin = await operatorApi(t.app, OPERATORS.admin.account, OPERATORS.admin.password)
    expect(ok(await admin.call('GET', '/api/ems/partner/config/level/referralBonus'))).toStrictEqual({
      mode: '佣金比例',
      amount: 0,
      percent: 10,
    })
    await screenshot(page, 'console-referral-bonus')

    await card.getByText('关闭', { exact: true }).click()
    await card.getByRole('button', { name: '保存推荐奖励' }).click()
    await page.locator('.ant-message-notice', { hasText: '推荐奖励已关闭' }).waitFor()
    expect(ok(await admin.call<{ mode: string }>('GET', '/api/ems/partner/config/level/referralBonus')).mode).toBe('关闭')
  })

  test('the teacher cancels a refunded deal; the commission already withdrawn becomes the partner’s debt, shown on the partner and in the ledger', async () => {
    const partner = await newPartner(t.app, { phone: phone(), realName: '退费测试' })
    const { id, commission } = await dealOf(partner, '退费学员')
    // The partner withdraws the whole commission (not frozen in these tests).
    ok(await partner.api.call('POST', '/api/ems/partner/withdrawalRecord/apply', { amount: commission }))

    const page = await t.page('teacher')
    await openConsole(page, t.app, `/clues/${id}`)
    await page.getByText('线索：退费学员').waitFor()
    await page.getByRole('button', { name: '退费撤销成交' }).click()
    const dialog = modal(page, '退费撤销成交「退费学员」')
    await dialog.getByText(`已发放的佣金（${formatYuan(commission)}）`).waitFor()
    await dialog.getByRole('button', { name: '确认撤销' }).click()
    await dialog.getByText('请填写退费原因').waitFor()
    await dialog.getByPlaceholder('例如：学员退学，学费已全额退还').fill('学员退学，学费已全额退还')
    await dialog.getByRole('button', { name: '确认撤销' }).click()
    await page.locator('.console-page-header__heading .ant-tag', { hasText: '已退费' }).waitFor()
    await page.locator('.ant-descriptions-item', { hasText: '退费原因' }).getByText('学员退学，学费已全额退还').waitFor()
    await page.getByTestId('clue-timeline').getByText('退费撤销成交').first().waitFor()
    await expect(page.getByRole('button', { name: '退费撤销成交' }), 'a cancelled deal offers no second cancel').toHaveCount(0)
    await screenshot(page, 'console-clue-cancelled')

    // The partner's detail (管理员) shows the debt.
    const admin = await t.page('admin')
    await openConsole(admin, t.app, `/partners/${partner.id}`)
    const debt = admin.getByTestId('partner-debt')
    await debt.waitFor()
    expect(await statistic(debt)).toBe(formatYuan(commission, { symbol: false }))
    await screenshot(admin, 'console-partner-debt')

    // 资金流水 (财务), filtered by the new type: the claw-back row carries the debt.
    const finance = await t.page('finance')
    await openConsole(finance, t.app, `/ledger?type=${encodeURIComponent('佣金撤回')}&partnerId=${partner.id}`)
    const row = rowWith(finance, '退费测试')
    await row.waitFor()
    const text = await row.innerText()
    expect(text).toMatch(/佣金撤回/)
    expect(text).toMatch(new RegExp(escape(formatYuan(commission))))
    expect(text).toMatch(/余额不足/)
  })

  test('a cancel the server refuses (already cancelled meanwhile) is shown in the dialog', async () => {
    const partner = await newPartner(t.app, { phone: phone(), realName: '并发退费' })
    const { id } = await dealOf(partner, '并发学员')
    const page = await t.page('teacher')
    await openConsole(page, t.app, `/clues/${id}`)
    await page.getByText('线索：并发学员').waitFor()
    // Someone else cancels it while the page is open.
    ok(await (await teacherApi()).call('PUT', `${CLUE}/cancelDeal`, { id, reason: '家长要求退费' }))

    await page.getByRole('button', { name: '退费撤销成交' }).click()
    const dialog = modal(page, '退费撤销成交「并发学员」')
    await dialog.getByPlaceholder('例如：学员退学，学费已全额退还').fill('再次撤销')
    await dialog.getByRole('button', { name: '确认撤销' }).click()
    await dialog.getByText('该成交已撤销（已退费）').waitFor()
  })
})
