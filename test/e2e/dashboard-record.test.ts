import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { phoneContext, screenshot } from './harness'
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

/**
 * 资金记录 in a real Chromium against the real back-office. The demo partner's ledger, newest
 * first: two withdrawals (-¥100.00, -¥200.00), a ¥500.00 adjustment and four commissions.
 */
const LEDGER = '/api/ems/partner/withdrawalRecord/ledger'

describe('资金记录 (fund records)', () => {
  const t = signedInPartnerPage()

  async function open(query = '') {
    await t.page.goto(`${t.app.url}/pages/tabBar/record${query}`)
    await waitForTitle(t.page, '资金记录')
    await t.page.locator('.filter-bar__total', { hasText: '共' }).waitFor({ timeout: 20_000 })
  }

  it('lists the ledger with signed amounts in colour, the balance after each and frozen commissions marked', async () => {
    await open()
    assert.equal(await t.page.locator('.filter-bar__total').textContent(), '共 7 条')
    assert.deepEqual(await textsOf(t.page, '.record-item__type'), ['提现', '提现', '调整', '佣金', '佣金', '佣金', '佣金'])
    assert.deepEqual((await textsOf(t.page, '.record-item__amount')).slice(0, 4), ['-¥100.00', '-¥200.00', '+¥500.00', '+¥150.00'])
    assert.deepEqual((await textsOf(t.page, '.record-item__balance')).slice(0, 3), ['余额 ¥700.00', '余额 ¥800.00', '余额 ¥1,000.00'])
    assert.equal(await t.page.locator('.record-item__amount--minus').count(), 2)
    assert.equal(await t.page.locator('.record-item__amount--plus').count(), 5)
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
    assert.notEqual(minus, plus)
    assert.equal(plus, 'rgb(255, 107, 0)')
    for (const frozen of await textsOf(t.page, '.record-item__frozen')) assert.match(frozen, /^冻结至 \d{2}-\d{2}$/)
    assert.ok((await t.page.locator('.record-item__frozen').count()) >= 3)
    assert.equal(await t.page.locator('.record-summary__balance').textContent(), '¥700.00')
    await screenshot(t.page, 'dashboard-record')
  })

  it('filters by type and by time type, in the address', async () => {
    await open()
    const calls = countCalls(t.page, 'GET', LEDGER)
    await t.page.locator('.filter-bar__tab', { hasText: '调整' }).click()
    await t.page.locator('.filter-bar__total', { hasText: '共 1 条' }).waitFor()
    assert.deepEqual(await textsOf(t.page, '.record-item__note'), ['新合伙人奖励'])
    assert.equal(calls.queries.at(-1)?.get('type'), '调整')
    assert.equal(new URL(t.page.url()).searchParams.get('type'), '调整')
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
    assert.equal(calls.queries.at(-1)?.get('timeType'), '昨天')
    assert.equal(calls.queries.at(-1)?.get('type'), null)
  })

  it('pulls down to show an adjustment finance made meanwhile', async () => {
    await open()
    const finance = await signInOperator(t.app, 'finance')
    const partners = await finance.call<{ list: Array<{ id: number; phone: string }> }>('GET', '/api/ems/partner/partner/list', {
      keyword: DEMO.active,
    })
    const partnerId = partners.data.list[0]?.id
    assert.ok(partnerId)
    assert.equal(
      (await finance.call('POST', '/api/ems/partner/withdrawalRecord/adjust', { partnerId, amount: 1200, note: '活动奖励' })).code,
      0,
    )
    await pullDown(t.page)
    const first = t.page.locator('.record-item').first()
    await first.locator('.record-item__note', { hasText: '活动奖励' }).waitFor({ timeout: 10_000 })
    assert.equal(await first.locator('.record-item__amount').textContent(), '+¥12.00')
    assert.equal(await first.locator('.record-item__balance').textContent(), '余额 ¥712.00')
    await t.page.locator('.record-summary__balance', { hasText: '¥712.00' }).waitFor()
  })

  it('shows the empty notice to a partner with no fund records', async () => {
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
