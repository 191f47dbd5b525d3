import { screenshot, expect, test } from './harness'
import { signedInPartnerPage, signInOperator, textsOf, waitForTitle, type Operator } from './dashboard-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * The partner's loop across the dashboard: the partner records two clues, an enrolment teacher
 * closes both as deals, and home, 本周期档位, 成交单量 and 资金记录 all show it. The demo partner
 * starts at 4 deals this cycle (白银, ¥150 a deal); the 5th deal is paid at 白银 and the 6th
 * reaches 黄金 (¥200), which then is the tier, with 钻石 (10 deals, ¥300) next.
 */
test.describe('a deal closed by an operator, seen across the dashboard', () => {
  const t = signedInPartnerPage()
  let teacher: Operator

  test.beforeAll(async () => {
    teacher = await signInOperator(t.app, 'teacher')

    // The partner records two prospects in the t.app.
    await t.page.goto(`${t.app.url}/pages/tabBar/clue`)
    await waitForTitle(t.page, '招生线索')
    for (const [name, phone] of [
      ['郑爽', '13511112222'],
      ['冯晨', '13511113333'],
    ]) {
      await t.page.locator('.clue-page__add').click()
      await t.page.locator('.clue-form__name input').fill(name!)
      await t.page.locator('.clue-form__phone input').fill(phone!)
      await t.page.locator('.clue-form__submit').click()
      await t.page.locator('.clue-item__name', { hasText: name }).first().waitFor()
    }
    // The enrolment teacher follows both and closes them.
    for (const [phone, amount] of [
      ['13511112222', 680000],
      ['13511113333', 520000],
    ]) {
      const found = await teacher.call<{ list: Array<{ id: number }> }>('GET', '/api/ems/partner/clue/listForAdmin', { phone: phone! })
      const id = found.data.list[0]!.id
      expect((await teacher.call('PUT', '/api/ems/partner/clue/follow', { id })).code).toBe(0)
      const deal = await teacher.call('PUT', '/api/ems/partner/clue/deal', { id, programme: '会计学(本科)', amount: amount! })
      expect(deal.code, deal.message).toBe(0)
    }
  })

  test('shows the clues as 已成交 with their commission in the clue list', async () => {
    await t.page.reload()
    await waitForTitle(t.page, '招生线索')
    const first = t.page.locator('.clue-item').first()
    await first.locator('.clue-item__status', { hasText: '已成交' }).waitFor()
    await expect(first.locator('.clue-item__name')).toHaveText('冯晨')
    await expect(first.locator('.clue-item__commission')).toHaveText('佣金 +¥200.00')
    await expect(t.page.locator('.clue-item').nth(1).locator('.clue-item__commission')).toHaveText('佣金 +¥150.00')
  })

  test('moves home to 黄金 with 6 deals, the next tier 钻石, and the new money frozen', async () => {
    await t.page.goto(`${t.app.url}/`)
    await waitForTitle(t.page, '首页')
    await t.page.locator('.home-tier__name', { hasText: '黄金' }).waitFor({ timeout: 20_000 })
    await expect(t.page.locator('.home-stats__deals')).toHaveText('6')
    await expect(t.page.locator('.home-tier__hint')).toHaveText('再成交 4 单升级为钻石，每单 ¥300.00')
    // ¥150 + ¥200 more, still frozen: withdrawable unchanged, balance up by ¥350.
    await expect(t.page.locator('.home-wallet__amount')).toHaveText('¥300.00')
    await expect(t.page.locator('.home-wallet__frozen')).toHaveText('¥750.00')
    await expect(t.page.locator('.home-wallet__balance')).toHaveText('¥1,050.00')
    await screenshot(t.page, 'dashboard-home-after-deal')
  })

  test('highlights 黄金 on 本周期档位 with the deals and commission to 钻石', async () => {
    await t.page.goto(`${t.app.url}/pages/partner/position`)
    await waitForTitle(t.page, '本周期档位')
    await t.page.locator('.position-head__name', { hasText: '黄金' }).waitFor({ timeout: 20_000 })
    await expect(t.page.locator('.position-head__deals')).toHaveText('6')
    await expect(t.page.locator('.position-head__to-next')).toHaveText('4')
    await expect(t.page.locator('.position-head__next-rate')).toHaveText('¥300.00')
    await expect(t.page.locator('.position-levels__row--current .position-levels__name')).toHaveText('黄金')
    expect(await textsOf(t.page, '.position-levels__row:not(.position-levels__row--caption) .position-levels__name')).toStrictEqual([
      '青铜',
      '白银',
      '黄金',
      '钻石',
    ])
    expect((await t.page.locator('.position-head__cycle').textContent()) ?? '').toMatch(/^本周期 \d+月1日 - \d+月\d+日$/)
    await screenshot(t.page, 'dashboard-position')
  })

  test('counts the deals by time type on 成交单量 and lists them newest first', async () => {
    await t.page.goto(`${t.app.url}/pages/partner/deal`)
    await waitForTitle(t.page, '成交单量')
    const cell = (label: string) => t.page.locator('.deal-grid__cell', { has: t.page.locator('.deal-grid__label', { hasText: label }) })
    await cell('本月').locator('.deal-grid__count', { hasText: '6' }).waitFor({ timeout: 20_000 })
    expect(await textsOf(t.page, '.deal-grid__label')).toStrictEqual(['今天', '本周', '本月', '昨天', '上周', '上月', '今年', '去年'])
    await expect(cell('去年').locator('.deal-grid__count')).toHaveText('0')
    await t.page.locator('.deal-list__total', { hasText: '共 6 单' }).waitFor()
    const first = t.page.locator('.deal-item').first()
    await expect(first.locator('.deal-item__name')).toHaveText('冯晨')
    await expect(first.locator('.deal-item__phone')).toHaveText('135****3333')
    await expect(first.locator('.deal-item__commission')).toHaveText('+¥200.00')
    await expect(first.locator('.deal-item__level')).toHaveText('黄金档位佣金')
    await expect(first.locator('.deal-item__amount')).toHaveText('成交金额 ¥5,200.00')
    await screenshot(t.page, 'dashboard-deal')

    // A count filters the list (and stays in the address); 去年 has none.
    await cell('去年').click()
    await t.page.locator('.app-empty__text', { hasText: '亲，没有相关内容哦～' }).waitFor()
    expect(new URL(t.page.url()).searchParams.get('timeType')).toBe('去年')
    await t.page.locator('.deal-list__all').click()
    await t.page.locator('.deal-item').first().waitFor()
    expect(new URL(t.page.url()).searchParams.get('timeType')).toBe(null)
  })

  test('lists the two commissions in 资金记录, frozen for now, with the balance after each', async () => {
    await t.page.goto(`${t.app.url}/pages/tabBar/record?type=${encodeURIComponent('佣金')}`)
    await waitForTitle(t.page, '资金记录')
    await t.page.locator('.filter-bar__total', { hasText: '共 6 条' }).waitFor({ timeout: 20_000 })
    await expect(t.page.locator('.filter-bar__tab--active')).toHaveText('佣金')
    const rows = t.page.locator('.record-item')
    await expect(rows.nth(0).locator('.record-item__amount')).toHaveText('+¥200.00')
    await expect(rows.nth(0).locator('.record-item__balance')).toHaveText('余额 ¥1,050.00')
    expect((await rows.nth(0).locator('.record-item__note').textContent()) ?? '').toMatch(/冯晨.*黄金/)
    expect((await rows.nth(0).locator('.record-item__frozen').textContent()) ?? '').toMatch(/^冻结至 \d{2}-\d{2}$/)
    await expect(rows.nth(1).locator('.record-item__amount')).toHaveText('+¥150.00')
    await expect(rows.nth(1).locator('.record-item__balance')).toHaveText('余额 ¥850.00')
    await expect(t.page.locator('.record-summary__balance')).toHaveText('¥1,050.00') // its own call, maybe after the list's
  })
})
