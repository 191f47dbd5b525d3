import { phoneContext, screenshot, expect, test, expectPresent } from './harness'
import {
  DEMO,
  signedInPartnerPage,
  countCalls,
  pickTimeType,
  pullDown,
  signInOperator,
  signInPartner,
  textsOf,
  waitForTitle,
} from './dashboard-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * 资金记录 in a real Chromium against the real back-office. The demo partner's ledger, newest
 * first: two withdrawals (-¥100.00, -¥200.00), a ¥500.00 adjustment and four commissions.
 */
const LEDGER = '/api/ems/partner/withdrawalRecord/ledger'

test.describe('资金记录 (fund records)', () => {
  const t = signedInPartnerPage()

  async function open(query = '') {
    await t.page.goto(`${t.app.url}/pages/tabBar/record${query}`)
    await waitForTitle(t.page, '资金记录')
    await t.page.locator('.filter-bar__total', { hasText: '共' }).waitFor({ timeout: 20_000 })
  }

  test('lists the ledger with signed amounts in colour, the balance after each and frozen commissions marked', async () => {
    await open()
    await expect(t.page.locator('.filter-bar__total')).toHaveText('共 7 条')
    expect(await textsOf(t.page, '.record-item__type')).toStrictEqual(['提现', '提现', '调整', '佣金', '佣金', '佣金', '佣金'])
    expect((await textsOf(t.page, '.record-item__amount')).slice(0, 4)).toStrictEqual(['-¥100.00', '-¥200.00', '+¥500.00', '+¥150.00'])
    expect((await textsOf(t.page, '.record-item__balance')).slice(0, 3)).toStrictEqual(['余额 ¥700.00', '余额 ¥800.00', '余额 ¥1,000.00'])
    await expect(t.page.locator('.record-item__amount--minus')).toHaveCount(2)
    await expect(t.page.locator('.record-item__amount--plus')).toHaveCount(5)
    const [minus, plus] = await Promise.all([
      t.page
        .locator('.record-item__amount--minus')
        .first()
        .evaluate((el) => getComputedStyle(el).color),
      t.page
        .locator('.record-item__amount--plus')
        .first()
        .evaluate((el) => getComputedStyle(el).color),
    ])
    expect(minus).not.toBe(plus)
    // The brand's orange darkened for text (theme.scss $brand-text, 5.4:1 on white).
    expect(plus).toBe('rgb(179, 74, 0)')
    for (const frozen of await textsOf(t.page, '.record-item__frozen')) expect(frozen).toMatch(/^冻结至 \d{2}-\d{2}$/)
    expect((await t.page.locator('.record-item__frozen').count()) >= 3).toBeTruthy()
    // The balance comes from its own call (partner/home), which may answer after the list's.
    await expect(t.page.locator('.record-summary__balance')).toHaveText('¥700.00')
    await screenshot(t.page, 'dashboard-record')
  })

  test('filters by type and by time type, in the address', async () => {
    await open()
    const calls = countCalls(t.page, 'GET', LEDGER)
    await t.page.locator('.filter-bar__tab', { hasText: '调整' }).click()
    await t.page.locator('.filter-bar__total', { hasText: '共 1 条' }).waitFor()
    expect(await textsOf(t.page, '.record-item__note')).toStrictEqual(['新合伙人奖励'])
    expect(calls.queries.at(-1)?.get('type')).toBe('调整')
    expect(new URL(t.page.url()).searchParams.get('type')).toBe('调整')
    await t.page.locator('.filter-bar__tab', { hasText: '提现退回' }).click()
    await t.page.locator('.app-empty__text', { hasText: '亲，没有相关内容哦～' }).waitFor()
    await screenshot(t.page, 'dashboard-record-empty')
    await t.page.locator('.filter-bar__tab', { hasText: '全部' }).click()
    await t.page.locator('.filter-bar__total', { hasText: '共 7 条' }).waitFor()
    // The demo ledger was written today.
    await pickTimeType(t.page, '今天')
    await t.page.waitForFunction(() => new URL(location.href).searchParams.get('timeType') === '今天')
    await t.page.locator('.filter-bar__total', { hasText: '共 7 条' }).waitFor()
    await pickTimeType(t.page, '昨天')
    await t.page.locator('.app-empty').waitFor()
    expect(calls.queries.at(-1)?.get('timeType')).toBe('昨天')
    expect(calls.queries.at(-1)?.get('type')).toBe(null)
  })

  test('pulls down to show an adjustment finance made meanwhile', async () => {
    await open()
    const finance = await signInOperator(t.app, 'finance')
    const partners = await finance.call<{ list: Array<{ id: number; phone: string }> }>('GET', '/api/ems/partner/partner/list', {
      keyword: DEMO.active,
    })
    const partnerId = partners.data.list[0]?.id
    expectPresent(partnerId)
    expect(
      (await finance.call('POST', '/api/ems/partner/withdrawalRecord/adjust', { partnerId, amount: 1200, note: '活动奖励' })).code,
    ).toBe(0)
    await pullDown(t.page)
    const first = t.page.locator('.record-item').first()
    await first.locator('.record-item__note', { hasText: '活动奖励' }).waitFor({ timeout: 10_000 })
    await expect(first.locator('.record-item__amount')).toHaveText('+¥12.00')
    await expect(first.locator('.record-item__balance')).toHaveText('余额 ¥712.00')
    await t.page.locator('.record-summary__balance', { hasText: '¥712.00' }).waitFor()
  })

  test('shows the empty notice to a partner with no fund records', async () => {
    const other = await phoneContext(t.browser)
    const p = await other.newPage()
    await signInPartner(p, t.app, DEMO.pending)
    await p.goto(`${t.app.url}/pages/tabBar/record`)
    await waitForTitle(p, '资金记录')
    await p.locator('.app-empty__text', { hasText: '亲，没有相关内容哦～' }).waitFor({ timeout: 20_000 })
    // The balances come from their own call, which may answer after the list.
    await p.locator('.record-summary__balance', { hasText: '¥0.00' }).waitFor({ timeout: 10_000 })
    await other.close()
  })
})
