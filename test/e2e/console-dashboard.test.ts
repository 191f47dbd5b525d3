import { screenshot, expect, test, expectNotNull, expectPresent } from './harness'
import { SERVER_ERROR } from './misbehave'
import { consoleSuite, failWith500, ok, OPERATORS, openConsole, operatorApi, settled, statistic, tableRows } from './console-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

interface Dashboard {
  pendingPartners: number | null
  staleClues: number | null
  pendingWithdrawals: { count: number; amount: number } | null
  overdueContacts: unknown[]
  cycle: { newClues: number; deals: number; commission: number; paidOut: number }
  trend: unknown[]
}

const yuan = (fen: number) => (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * 工作台 at 1366×768: the figures are the server's, each to-do card opens its list filtered to
 * it, each role sees the cards of its own work, and a server error shows the server's message
 * with a retry (on the dashboard and on a list).
 */
test.describe('console 工作台', () => {
  const t = consoleSuite()

  async function dashboardOf(who: keyof typeof OPERATORS): Promise<Dashboard> {
    const api = await operatorApi(t.app, OPERATORS[who].account, OPERATORS[who].password)
    return ok(await api.call<Dashboard>('GET', '/api/bms/system/dashboard'))
  }

  test("管理员's to-do cards and this cycle's figures match the server's, with the 30-day chart", async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/dashboard')
    const data = await dashboardOf('admin')
    expectNotNull(data.pendingPartners)
    expectNotNull(data.pendingWithdrawals)
    expectNotNull(data.staleClues)

    expect(await statistic(page.getByTestId('todo-partners'))).toBe(String(data.pendingPartners))
    expect(await statistic(page.getByTestId('todo-stale-clues'))).toBe(String(data.staleClues))
    expect(await statistic(page.getByTestId('todo-withdrawals'))).toBe(String(data.pendingWithdrawals.count))
    await expect(page.getByTestId('todo-withdrawals-amount')).toHaveText(`合计 ¥${yuan(data.pendingWithdrawals.amount)}`)
    expect(await statistic(page.getByTestId('todo-overdue'))).toBe(String(data.overdueContacts.length))
    expect(await statistic(page.getByTestId('cycle-clues'))).toBe(String(data.cycle.newClues))
    expect(await statistic(page.getByTestId('cycle-deals'))).toBe(String(data.cycle.deals))
    expect(await statistic(page.getByTestId('cycle-commission'))).toBe(yuan(data.cycle.commission))
    expect(await statistic(page.getByTestId('cycle-paid'))).toBe(yuan(data.cycle.paidOut))
    expect(data.cycle.newClues > 0 && data.cycle.commission > 0, 'the demo data has figures this cycle').toBeTruthy()
    expect(data.trend.length).toBe(30)
    await page.getByTestId('trend-chart').locator('canvas').first().waitFor()
    await screenshot(page, 'console-dashboard')
  })

  test('a to-do card opens its list filtered to it: 待审核合伙人 opens the partners awaiting review', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/dashboard')
    const pending = Number(await statistic(page.getByTestId('todo-partners')))
    expect(pending >= 1, 'the demo data has a partner awaiting review').toBeTruthy()
    await page.getByTestId('todo-partners').click()
    await page.waitForURL((url) => url.pathname === '/admin/partners' && url.searchParams.get('status') === '待审核')
    // The partner list's own rows (the dashboard's overdue table may still be on screen a moment).
    const rows = page.locator('.ant-pro-table .ant-table-tbody tr.ant-table-row')
    await page.locator('.ant-pro-table-search .ant-select-selection-item', { hasText: '待审核' }).waitFor()
    await rows.first().waitFor()
    await settled(page)
    await expect(rows).toHaveCount(pending)
    expect([...new Set(await rows.locator('.ant-tag').allTextContents())]).toStrictEqual(['待审核'])

    await page.goBack()
    await page.getByTestId('todo-withdrawals').click()
    await page.waitForURL((url) => url.pathname === '/admin/withdrawals' && url.searchParams.get('status') === '审核中')
  })

  test('财务 sees the withdrawals awaiting payment with their total and no partner or clue cards; 招生老师 sees clue cards and no money to do', async () => {
    const finance = await t.page('finance')
    await openConsole(finance, t.app, '/dashboard')
    const data = await dashboardOf('finance')
    expect(data.pendingPartners).toBe(null)
    expect(data.staleClues).toBe(null)
    expectPresent(data.pendingWithdrawals)
    expect(await statistic(finance.getByTestId('todo-withdrawals'))).toBe(String(data.pendingWithdrawals.count))
    await expect(finance.getByTestId('todo-withdrawals-amount')).toHaveText(`合计 ¥${yuan(data.pendingWithdrawals.amount)}`)
    for (const hidden of ['todo-partners', 'todo-stale-clues', 'todo-overdue'])
      await expect(finance.getByTestId(hidden), hidden).toHaveCount(0)

    const teacher = await t.page('teacher')
    await openConsole(teacher, t.app, '/dashboard')
    await teacher.getByTestId('todo-stale-clues').waitFor()
    for (const hidden of ['todo-partners', 'todo-withdrawals']) await expect(teacher.getByTestId(hidden), hidden).toHaveCount(0)
  })

  test("a 5xx on the dashboard shows the server's message, and 重试 shows the figures once the server answers", async () => {
    const page = await t.page('admin')
    const heal = await failWith500(page, ['/api/bms/system/dashboard'])
    await openConsole(page, t.app, '/dashboard')
    const alert = page.getByRole('alert').filter({ hasText: '工作台加载失败' })
    await alert.getByText(SERVER_ERROR.message).waitFor()
    await page.locator('.ant-message-notice', { hasText: SERVER_ERROR.message }).waitFor()
    await screenshot(page, 'console-error-dashboard')

    await heal()
    await alert.getByRole('button', { name: '重试' }).click()
    await page.getByTestId('todo-partners').waitFor()
    await expect(page.getByText('工作台加载失败')).toHaveCount(0)
  })

  test("a 5xx on a list shows the server's message in place of the rows, and 重试 brings the rows", async () => {
    const page = await t.page('admin')
    const heal = await failWith500(page, ['/api/ems/partner/partner/list'])
    await openConsole(page, t.app, '/partners')
    const alert = page.getByRole('alert').filter({ hasText: '列表加载失败' })
    await alert.getByText(SERVER_ERROR.message).waitFor()
    await expect(tableRows(page)).toHaveCount(0)
    await screenshot(page, 'console-error-list')

    await heal()
    await alert.getByRole('button', { name: '重试' }).click()
    await tableRows(page).first().waitFor()
    await expect(page.getByText('列表加载失败')).toHaveCount(0)
  })
})
