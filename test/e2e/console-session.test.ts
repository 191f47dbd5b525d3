import { screenshot, expect, test } from './harness'
import {
  consoleSuite,
  endSessionBehindThePage,
  menuEntries,
  menuGroups,
  ok,
  OPERATORS,
  openConsole,
  operatorApi,
  positionId,
  settled,
  signInConsole,
} from './console-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * The console's door, at 1366×768: signing in (the server's refusals shown as it words them,
 * the lock-out included), each role's menu, an expired session sending the operator to sign in
 * and back to the same filtered list, and changing one's own password.
 */
test.describe('console sign-in, roles and session', () => {
  const t = consoleSuite()

  async function createOperator(account: string, role: '管理员' | '财务' | '招生老师', password = 'start1234') {
    const admin = await operatorApi(t.app, OPERATORS.admin.account, OPERATORS.admin.password)
    ok(
      await admin.call('POST', '/api/bms/system/admin', {
        account,
        name: `测试${account}`,
        password,
        positionId: await positionId(admin, role),
      }),
    )
  }

  async function submitSignIn(page: Awaited<ReturnType<typeof t.blankPage>>, account: string, password: string) {
    await page.getByPlaceholder('账号').fill(account)
    await page.getByPlaceholder('密码').fill(password)
    await page.getByRole('button', { name: '登录' }).click()
  }

  test('a console address opened without a session asks to sign in, and a wrong password shows the server message', async () => {
    const page = await t.blankPage()
    await page.goto(`${t.app.url}/admin/partners`)
    await page.waitForURL(/\/admin\/signIn\?redirect=%2Fpartners$/)
    await submitSignIn(page, OPERATORS.admin.account, 'not-the-password1')
    await page.getByRole('alert').filter({ hasText: '账号或密码错误' }).waitFor()
    await screenshot(page, 'console-signin-wrong-password')
    expect(page.url()).toMatch(/\/admin\/signIn/)

    await submitSignIn(page, OPERATORS.admin.account, OPERATORS.admin.password)
    await page.waitForURL(`${t.app.url}/admin/partners`)
    await page.getByTestId('operator').filter({ hasText: '管理员' }).waitFor()
  })

  test('after five wrong passwords the account is locked and the sign-in page says so, even with the right password', async () => {
    await createOperator('locked01', '招生老师')
    const page = await t.blankPage()
    await page.goto(`${t.app.url}/admin/signIn`)
    for (let i = 0; i < 5; i += 1) {
      await submitSignIn(page, 'locked01', `wrong-pass${i}`)
      await page.getByRole('alert').filter({ hasText: '账号或密码错误' }).waitFor()
      await page.getByPlaceholder('密码').fill('')
    }
    await submitSignIn(page, 'locked01', 'start1234')
    await page
      .getByRole('alert')
      .filter({ hasText: /密码错误次数过多，请\d+分钟后再试/ })
      .waitFor()
    await screenshot(page, 'console-signin-locked')
    expect(page.url()).toMatch(/\/admin\/signIn/)
  })

  test('管理员 sees every area; 财务 sees withdrawals and the ledger but not partners; 招生老师 sees clues but no money', async () => {
    const admin = await t.page('admin')
    await openConsole(admin, t.app, '/')
    // The office's groups, in its order; each opens its screens.
    expect(await menuGroups(admin)).toEqual(['招生', '教务', '教学', '教材', '毕业', '财务', '积分', '统计', '系统'])
    const adminMenu = await menuEntries(admin)
    for (const entry of ['工作台', '合伙人', '线索', '提现', '资金流水', '操作日志'])
      expect(adminMenu.includes(entry), `管理员 sees ${entry}`).toBeTruthy()

    const finance = await t.page('finance')
    await openConsole(finance, t.app, '/')
    const financeMenu = await menuEntries(finance)
    expect(financeMenu.includes('提现') && financeMenu.includes('资金流水'), financeMenu.join(',')).toBeTruthy()
    for (const hidden of ['合伙人', '线索', '操作日志']) expect(!financeMenu.includes(hidden), `财务 does not see ${hidden}`).toBeTruthy()
    await screenshot(finance, 'console-menu-finance')
    // Typed by hand, the partner list is closed to 财务 and says why; approving is refused by the server too.
    await openConsole(finance, t.app, '/partners')
    await finance.getByText('无权访问').waitFor()
    await expect(finance.getByRole('button', { name: '通过' })).toHaveCount(0)
    const financeApi = await operatorApi(t.app, OPERATORS.finance.account, OPERATORS.finance.password)
    expect((await financeApi.call('PUT', '/api/ems/partner/partner/audit', { id: 2, status: '已通过' })).code).toBe(100000003)

    const teacher = await t.page('teacher')
    await openConsole(teacher, t.app, '/')
    const teacherMenu = await menuEntries(teacher)
    expect(teacherMenu.includes('线索'), teacherMenu.join(',')).toBeTruthy()
    for (const hidden of ['合伙人', '提现', '资金流水', '操作日志'])
      expect(!teacherMenu.includes(hidden), `招生老师 does not see ${hidden}`).toBeTruthy()
    await screenshot(teacher, 'console-menu-teacher')
  })

  test('an expired session goes to the sign-in page, and signing in returns to the same filtered list', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, `/partners?status=${encodeURIComponent('已通过')}`)
    await endSessionBehindThePage(page, t.app)

    // The next call the page makes (reloading the list) is refused: the console goes to sign in.
    await page.getByRole('button', { name: '刷新' }).click()
    await page.waitForURL(/\/admin\/signIn\?redirect=.*&expired=1$/)
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/partners?status=已通过')
    await page.getByText('登录已过期，请重新登录').waitFor()
    await screenshot(page, 'console-session-expired')

    await page.getByPlaceholder('账号').fill(OPERATORS.admin.account)
    await page.getByPlaceholder('密码').fill(OPERATORS.admin.password)
    await page.getByRole('button', { name: '登录' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/partners' && url.searchParams.get('status') === '已通过')
    await settled(page)
    await page.locator('.console-list__filters .ant-select-selection-item', { hasText: '已通过' }).waitFor()
  })

  test('an operator changes their own password (the old one checked), signs out, and signs in with the new one', async () => {
    await createOperator('pwchange01', '财务')
    const page = await t.blankPage()
    await page.goto(`${t.app.url}/admin/signIn`)
    await submitSignIn(page, 'pwchange01', 'start1234')
    await page.getByTestId('operator').waitFor()

    await page.getByTestId('operator').click()
    await page.getByRole('menuitem', { name: '修改密码' }).click()
    await page.waitForURL(/\/admin\/account\/password$/)
    await page.getByLabel('原密码').fill('not-it-1234')
    await page.getByLabel('新密码', { exact: true }).fill('changed5678')
    await page.getByLabel('确认新密码').fill('changed5678')
    await page.getByRole('button', { name: '保存' }).click()
    await page.getByRole('alert').filter({ hasText: '原密码错误' }).waitFor()

    await page.getByLabel('原密码').fill('start1234')
    await page.getByRole('button', { name: '保存' }).click()
    await page.locator('.ant-message-notice', { hasText: '密码已修改' }).waitFor()
    await screenshot(page, 'console-change-password')

    await page.getByTestId('operator').click()
    await page.getByRole('menuitem', { name: '退出登录' }).click()
    await page.waitForURL(/\/admin\/signIn$/)
    await submitSignIn(page, 'pwchange01', 'start1234')
    await page.getByRole('alert').filter({ hasText: '账号或密码错误' }).waitFor()
    await submitSignIn(page, 'pwchange01', 'changed5678')
    await page.getByTestId('operator').filter({ hasText: '财务' }).waitFor()
  })

  test("a deep link paints the frame's shell before any script runs, and antd's rules come from the built stylesheet", async () => {
    // No script at all: the page the server sends draws the side menu's place and the school's name.
    const still = await t.browser.newContext({ viewport: { width: 1366, height: 768 }, javaScriptEnabled: false })
    try {
      const page = await still.newPage()
      await page.goto(`${t.app.url}/admin/clues`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('学历教育管理平台')
    } finally {
      await still.close()
    }
    // The console's theme as built (reduced motion, which the other tests ask for, is a theme of its
    // own, computed in the browser as before).
    const context = await t.browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN', reducedMotion: 'no-preference' })
    try {
      const page = await context.newPage()
      await signInConsole(page, t.app, OPERATORS.admin.account, OPERATORS.admin.password, { stepUp: false })
      // The list's first page is asked for once: sent beside the session's check (the screen's
      // preload), and taken by the table instead of asked again.
      const lists: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/clue/listForAdmin')) lists.push(request.url())
      })
      await openConsole(page, t.app, '/clues?size=50')
      await page.getByRole('button', { name: '查询' }).waitFor()
      await settled(page)
      expect(lists.length, lists.join(' ')).toBe(1)
      expect(lists[0]).toContain('size=50')
      // The side menu folds to its icons and unfolds.
      await page.getByRole('button', { name: '收起菜单' }).click()
      await expect(page.locator('.console-sider')).toHaveClass(/ant-layout-sider-collapsed/)
      await page.getByRole('button', { name: '展开菜单' }).click()
      await expect(page.getByTestId('operator')).toBeVisible()
      // antd's rules are scoped :where(.css-…); pro-components' own (not in the stylesheet) are not.
      const written = await page.evaluate(
        () => [...document.querySelectorAll('style[data-css-hash]')].filter((style) => style.textContent?.includes(':where(.css-')).length,
      )
      expect(written, 'antd styles computed in the browser').toBe(0)
    } finally {
      await context.close()
    }
  })
})
