import { screenshot, expect, test, expectPresent } from './harness'
import { countCalls, pullDown, scrollToBottom, signedInPartnerPage, signInOperator, waitForTitle, type Operator } from './dashboard-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * 消息通知 in a real Chromium against the real back-office. The demo partner's history (clues
 * followed, deals with commissions) already left messages; here finance pays the pending
 * withdrawal and a teacher works new clues, and the partner sees each as an unread message, opens
 * one (read, and on to 提现), loads more, pulls down for the newest, and marks all read.
 */
test.describe('消息通知 (partner messages)', () => {
  const t = signedInPartnerPage()
  let finance: Operator
  let teacher: Operator

  test.beforeAll(async () => {
    finance = await signInOperator(t.app, 'finance')
    teacher = await signInOperator(t.app, 'teacher')
  })

  /** What the server counts as unread for the signed-in partner (the page's own cookie). */
  async function unreadCount(): Promise<number> {
    const res = await t.page.request.get(`${t.app.url}/api/ems/partner/message/unreadCount`)
    return ((await res.json()) as { data: { count: number } }).data.count
  }

  /** The partner adds a clue (through the page's session) and a teacher starts following it: one 线索跟进 message. */
  async function followedClue(name: string, phone: string): Promise<number> {
    const res = await t.page.request.post(`${t.app.url}/api/ems/partner/clue`, { form: { name, phone } })
    const created = (await res.json()) as { code: number; message: string; data: { id: number } }
    expect(created.code, created.message).toBe(0)
    expect((await teacher.call('PUT', '/api/ems/partner/clue/follow', { id: created.data.id })).code).toBe(0)
    return created.data.id
  }

  async function open() {
    await t.page.goto(`${t.app.url}/pages/partner/message`)
    await waitForTitle(t.page, '消息通知')
    await t.page.locator('.message-item').first().waitFor({ timeout: 20_000 })
  }

  test('home shows the unread count on 消息通知, and the entry opens the list', async () => {
    const count = await unreadCount()
    expect(count > 0, 'the demo history left unread messages').toBeTruthy()
    await t.page.goto(`${t.app.url}/pages/tabBar/home`)
    const badge = t.page.locator('.home-entries__item--message .home-entries__badge')
    await badge.waitFor({ timeout: 30_000 })
    await expect(badge).toHaveText(count > 99 ? '99+' : String(count))
    await t.page.locator('.home-entries__item--message').click()
    await waitForTitle(t.page, '消息通知')
    await t.page.locator('.message-head__count', { hasText: `${count} 条未读` }).waitFor()
  })

  test('a withdrawal finance pays arrives unread at the top; opening it marks it read and opens 提现', async () => {
    const pending = await finance.call<{ list: Array<{ id: number }> }>('GET', '/api/ems/partner/withdrawalRecord/listForAdmin', {
      status: '审核中',
    })
    const id = pending.data.list[0]?.id
    expectPresent(id)
    expect((await finance.call('PUT', '/api/ems/partner/withdrawalRecord/finishPay', { id, transactionNo: 'TX-MSG-0001' })).code).toBe(0)
    const before = await unreadCount()
    await open()
    const first = t.page.locator('.message-item').first()
    await expect(first.locator('.message-item__title')).toHaveText('提现已打款')
    expect((await first.locator('.message-item__body').textContent()) ?? '').toMatch(/提现¥100\.00已打款至支付宝账户/)
    expect((await first.getAttribute('class')) ?? '').toMatch(/message-item--unread/)
    await screenshot(t.page, 'partner-messages')
    const reads = countCalls(t.page, 'POST', '/api/ems/partner/message/read')
    await first.click()
    await waitForTitle(t.page, '提现')
    await t.page.locator('.withdrawal-head__amount').first().waitFor()
    expect(reads.count).toBe(1)
    await expect.poll(unreadCount, { timeout: 5_000 }).toBe(before - 1)
  })

  test('loads more at the bottom, and a pull-down shows what happened meanwhile at the top', async () => {
    for (let i = 0; i < 11; i++) await followedClue(`消息${i}`, `1391111${String(2000 + i)}`)
    await open()
    await expect(t.page.locator('.message-item'), 'a first page of ten').toHaveCount(10)
    await scrollToBottom(t.page, '.message-list')
    await t.page.locator('.message-item').nth(10).waitFor({ timeout: 20_000 })
    const newest = await followedClue('下拉刷新', '13911113999')
    expect(newest).toBeTruthy()
    await t.page.evaluate(() => {
      const scroller = document.querySelector('.message-list')?.closest('.taro_page')
      if (scroller) scroller.scrollTop = 0
    })
    await pullDown(t.page)
    await t.page.locator('.message-item').first().filter({ hasText: '下拉刷新' }).waitFor({ timeout: 20_000 })
    await expect(t.page.locator('.message-item').first().locator('.message-item__title')).toHaveText('线索跟进')
  })

  test('全部已读 marks every message read, and home no longer shows a count', async () => {
    await open()
    expect((await t.page.locator('.message-item--unread').count()) > 0).toBeTruthy()
    await t.page.locator('.message-head__all').click()
    await t.page.locator('.message-head__count', { hasText: '没有未读消息' }).waitFor()
    await expect(t.page.locator('.message-item--unread')).toHaveCount(0)
    expect(await unreadCount()).toBe(0)
    await t.page.goto(`${t.app.url}/pages/tabBar/home`)
    await t.page.locator('.home-entries__item--message').waitFor({ timeout: 30_000 })
    await t.page.locator('.home-wallet').waitFor({ timeout: 30_000 })
    await expect(t.page.locator('.home-entries__badge')).toHaveCount(0)
  })
})
