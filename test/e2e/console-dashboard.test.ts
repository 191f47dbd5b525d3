import { screenshot, expect, test, expectNotNull, expectPresent } from './harness'
import { SERVER_ERROR } from './misbehave'
import { consoleSuite, failWith500, ok, OPERATORS, openConsole, operatorApi, settled, statistic, tableRows } from './console-support'
import type { RunningApp } from './harness'
import { lastSmsId, smsCode } from './user-helpers'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

interface Dashboard {
  pendingPartners: number | null
  staleClues: number | null
  pendingWithdrawals: { count: number; amount: number } | null
  todos: Record<string, unknown>
  overdueContacts: unknown[]
  cycle: { newClues: number; deals: number; commission: number; paidOut: number }
  trend: unknown[]
}

interface Envelope<T = unknown> {
  code: number
  message: string
  data: T
}

/** The demo student (林小雨) signed in by SMS code: asks for a correction and writes again on their 答疑. */
async function demoStudent(app: RunningApp) {
  const phone = '13900000000'
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body: Record<string, string>, cookie = '') => {
    const form = new URLSearchParams(body).toString()
    const res = await fetch(method === 'GET' ? `${app.url}${path}?${form}` : `${app.url}${path}`, {
      method,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url, cookie },
      body: method === 'GET' ? undefined : form,
    })
    const answer = (await res.json()) as Envelope<T>
    expect(answer.code, `${path}: ${answer.message}`).toBe(0)
    return { answer, res }
  }
  const before = await lastSmsId(app, phone)
  await call('POST', '/api/ums/user/user/sendVerify', { phone, type: '登录' })
  const { res } = await call('POST', '/api/ums/user/user/signInByCode', { phone, code: await smsCode(app, phone, before) })
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return {
    applyForCorrection: (body: Record<string, string>) =>
      call('POST', '/api/ems/education/schoolRollInfoModify/applyForClient', body, cookie),
    /** A new post on their latest question: it waits for a teacher again. */
    writeAgain: async (content: string) => {
      const { answer } = await call<{ list: Array<{ id: number; title: string }> }>(
        'GET',
        '/api/sms/study/studentQuestion/listForClient',
        {},
        cookie,
      )
      const question = answer.data.list[0]!
      await call('POST', '/api/sms/study/studentQuestion/answerForClient', { id: String(question.id), content }, cookie)
      return question
    },
  }
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
    expect(await statistic(page.getByTestId('todo-overdue'))).toBe(String(data.todos.overdueClues))
    // The groups of the office's work, each with a heading; 管理员 has every right, so every group.
    for (const group of ['enroll', 'registry', 'teaching', 'finance', 'points'])
      await expect(page.getByTestId(`todo-group-${group}`), group).toBeVisible()
    expect(await statistic(page.getByTestId('cycle-clues'))).toBe(String(data.cycle.newClues))
    expect(await statistic(page.getByTestId('cycle-deals'))).toBe(String(data.cycle.deals))
    expect(await statistic(page.getByTestId('cycle-commission'))).toBe(yuan(data.cycle.commission))
    expect(await statistic(page.getByTestId('cycle-paid'))).toBe(yuan(data.cycle.paidOut))
    expect(data.cycle.newClues > 0 && data.cycle.commission > 0, 'the demo data has figures this cycle').toBeTruthy()
    expect(data.trend.length).toBe(30)
    // The chart loads when it scrolls into view (echarts is not loaded with the to-dos).
    await page.getByTestId('trend-card').scrollIntoViewIfNeeded()
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
    const rows = page.locator('.console-list .ant-table-tbody tr.ant-table-row')
    await page.locator('.console-list__filters .ant-select-selection-item', { hasText: '待审核' }).waitFor()
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
    await finance.getByTestId('todo-refunding').waitFor()
    // 财务 reads 答疑 and corrections but does not answer or approve them: no such to-do.
    for (const hidden of ['todo-partners', 'todo-stale-clues', 'todo-overdue', 'todo-pool', 'todo-questions', 'todo-roll-requests'])
      await expect(finance.getByTestId(hidden), hidden).toHaveCount(0)

    const teacher = await t.page('teacher')
    await openConsole(teacher, t.app, '/dashboard')
    await teacher.getByTestId('todo-stale-clues').waitFor()
    for (const hidden of ['todo-partners', 'todo-withdrawals', 'todo-refunding', 'todo-group-finance', 'todo-group-points'])
      await expect(teacher.getByTestId(hidden), hidden).toHaveCount(0)
  })

  test("招生老师's 工作台 shows 答疑 and corrections waiting, and each count opens its list with the same number", async () => {
    const student = await demoStudent(t.app)
    await student.applyForCorrection({ field: 'name', value: '林晓雨', reason: '户口本上的名字' })
    const question = await student.writeAgain('还是不太明白，能再讲一下吗？')

    const teacher = await t.page('teacher')
    await openConsole(teacher, t.app, '/dashboard')
    await expect(teacher.getByTestId('todo-questions-oldest')).toContainText(question.title)
    for (const [card, path] of [
      ['todo-roll-requests', '/admin/roll-requests'],
      ['todo-questions', '/admin/student-questions'],
      ['todo-overdue', '/admin/clues'],
    ] as const) {
      await teacher.getByTestId(card).waitFor()
      const count = Number(await statistic(teacher.getByTestId(card)))
      if (card !== 'todo-overdue') expect(count, `${card}: the student's request waits`).toBeGreaterThanOrEqual(1)
      await teacher.getByTestId(card).click()
      await teacher.waitForURL((url) => url.pathname === path)
      await settled(teacher)
      if (count === 0) await expect(tableRows(teacher)).toHaveCount(0)
      else await expect(teacher.locator('.ant-pagination-total-text')).toHaveText(`共 ${count} 条`)
      await teacher.goBack()
      await teacher.getByTestId(card).waitFor()
    }
    await screenshot(teacher, 'console-dashboard-teacher')
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
