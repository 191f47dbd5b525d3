import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, phoneContext, screenshot, startApp, transitionsEnded, type RunningApp, expect, test } from './harness'
import { storedUserId } from './misbehave'
import { DEMO, registerPartner, signInOnLoginPage, signInPartner, textsOf, toastText, waitForTitle } from './dashboard-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * 首页 in a real Chromium against the real back-office with the demo data: the active partner's
 * money and tier, the entries, sign-out; the pending partner's review notice; and what a person
 * sees with no session, an expired one, a failed call and a slow network.
 */
const HOME_CALL = '/api/ems/partner/partner/home'

test.describe('首页 (the partner dashboard)', () => {
  let app: RunningApp
  let browser: Browser

  test.beforeAll(async () => {
    app = await startApp()
    browser = await launchBrowser()
  })

  test.afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  async function signedIn(phone = DEMO.active): Promise<{ context: BrowserContext; page: Page }> {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    await signInPartner(page, app, phone)
    return { context, page }
  }

  async function openHome(page: Page) {
    await page.goto(`${app.url}/`)
    await waitForTitle(page, '首页')
    await page.locator('.home-wallet').waitFor({ timeout: 20_000 })
  }

  test("shows the demo partner's withdrawable, frozen and balance, this cycle's tier and the way to the next", async () => {
    const { context, page } = await signedIn()
    await openHome(page)
    await expect(page.locator('.home-wallet__amount')).toHaveText('¥300.00')
    await expect(page.locator('.home-wallet__frozen')).toHaveText('¥400.00')
    await expect(page.locator('.home-wallet__balance')).toHaveText('¥700.00')
    await expect(page.locator('.home-tier__name')).toHaveText('白银')
    await expect(page.locator('.home-tier__rate')).toHaveText('每单 ¥150.00')
    await expect(page.locator('.home-tier__hint')).toHaveText('再成交 2 单升级为黄金，每单 ¥200.00')
    // 4 of the 6 deals 黄金 needs: the bar is two thirds full.
    const fill = await page.locator('.home-tier__fill').evaluate((el) => (el as HTMLElement).style.width)
    expect(fill).toBe('66%')
    await expect(page.locator('.home-stats__deals')).toHaveText('4')
    await expect(page.locator('.home-stats__clues')).toHaveText('3')
    await expect(page.locator('.home-notice')).toHaveCount(0)
    await expect(page.locator('.page__back'), 'the entry page has no back button').toHaveCount(0)
    expect(await textsOf(page, '.home-entries__label')).toStrictEqual([
      '招生线索',
      '资金记录',
      '本周期档位',
      '成交单量',
      '提现',
      '我的团队',
      '排行榜',
      '活动',
      '分享海报',
      '个人信息',
      '消息通知',
    ])
    await screenshot(page, 'dashboard-home')
    await page.locator('.home-signout').scrollIntoViewIfNeeded()
    await screenshot(page, 'dashboard-home-bottom')
    await context.close()
  })

  test('opens each dashboard screen from its entry, and the share poster over the activities', async () => {
    const { context, page } = await signedIn()
    await openHome(page)
    const entries: Array<[string, string, string]> = [
      ['clue', '招生线索', '/pages/tabBar/clue'],
      ['record', '资金记录', '/pages/tabBar/record'],
      ['position', '本周期档位', '/pages/partner/position'],
      ['deal', '成交单量', '/pages/partner/deal'],
      ['withdrawal', '提现', '/pages/partner/withdrawal'],
      ['team', '我的团队', '/pages/partner/team'],
      ['ranking', '排行榜', '/pages/partner/ranking'],
      ['activity', '活动', '/pages/activity/main'],
      ['message', '消息通知', '/pages/partner/message'],
    ]
    for (const [key, title, path] of entries) {
      await page.locator(`.home-entries__item--${key}`).click()
      await waitForTitle(page, title)
      expect(new URL(page.url()).pathname).toBe(path)
      await page.goBack()
      await page.locator('.home-wallet').waitFor()
    }
    // 分享海报 draws the partner's poster over the activities, as an image to long-press.
    await page.locator('.home-entries__item--poster').click()
    await page.locator('.share-poster__title', { hasText: '分享海报' }).waitFor()
    await page.locator('img.share-poster__picture').waitFor({ timeout: 30_000 })
    expect(new URL(page.url()).pathname).toBe('/pages/activity/main')
    await screenshot(page, 'dashboard-home-poster')
    await page.locator('.share-poster__close').click()
    await page.locator('.share-poster').waitFor({ state: 'detached' })
    await waitForTitle(page, '活动')
    await page.goBack()
    await page.locator('.home-wallet').waitFor()
    // 待跟进 opens the clue list on that status.
    await page.locator('.home-stats__cell').nth(1).click()
    await waitForTitle(page, '招生线索')
    expect(new URL(page.url()).searchParams.get('status')).toBe('待跟进')
    await page.locator('.filter-bar__tab--active', { hasText: '待跟进' }).waitFor()
    await context.close()
  })

  test('shows a partner under review their status, and no money yet', async () => {
    const { context, page } = await signedIn(DEMO.pending)
    await openHome(page)
    await expect(page.locator('.home-notice--pending')).toHaveText('资料审核中，审核通过后即可登记线索、获得佣金')
    await expect(page.locator('.home-wallet__amount')).toHaveText('¥0.00')
    await expect(page.locator('.home-stats__deals')).toHaveText('0')
    await expect(page.locator('.home-tier__name')).toHaveText('青铜')
    await expect(page.locator('.home-tier__hint')).toHaveText('再成交 3 单升级为白银，每单 ¥150.00')
    await screenshot(page, 'dashboard-home-pending')
    await context.close()
  })

  test('asks a new partner for personal and sign-up information, and for a payout account before a withdrawal', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    await registerPartner(page, app, '13700009999')
    await openHome(page)
    expect(await textsOf(page, '.home-notice__text')).toStrictEqual(['请完善个人信息', '请填写报名信息'])
    await screenshot(page, 'dashboard-home-new-partner')
    await page.locator('.home-notice--personal .home-notice__action').click()
    await waitForTitle(page, '填写个人信息')
    expect(new URL(page.url()).pathname).toBe('/pages/user/person')
    await page.goBack()
    await page.locator('.home-notice--signUp .home-notice__action').click()
    await waitForTitle(page, '填写报名信息')
    expect(new URL(page.url()).pathname).toBe('/pages/user/partner')

    await page.goto(`${app.url}/pages/partner/withdrawal`)
    await waitForTitle(page, '提现')
    await page.locator('.withdrawal-form__account-value--missing', { hasText: '请先添加收款账号' }).waitFor({ timeout: 20_000 })
    await page.locator('.withdrawal-head__amount', { hasText: '¥0.00' }).waitFor()
    await page.locator('.app-empty__text', { hasText: '亲，没有相关内容哦～' }).waitFor()
    await page.locator('.withdrawal-form__amount input').fill('10')
    await page.locator('.withdrawal-form__submit').click()
    expect(await toastText(page)).toBe('请先在个人信息中填写收款账号')
    await screenshot(page, 'dashboard-withdrawal-no-account')
    await context.close()
  })

  test('signs out after a confirmation and lands on the login page', async () => {
    const { context, page } = await signedIn()
    await openHome(page)
    await page.locator('.home-signout').click()
    await page.locator('.app-dialog .app-dialog__text', { hasText: '确定要退出登录吗？' }).waitFor()
    await transitionsEnded(page.locator('.app-dialog', { hasText: '确定要退出登录吗？' })) // the dialog's fade-in
    await screenshot(page, 'dashboard-home-signout')
    // 取消 keeps the partner on home.
    await page.locator('.app-dialog__cancel').click()
    await page.locator('.app-dialog__text').waitFor({ state: 'hidden' })
    expect(['/', '/pages/tabBar/home'].includes(new URL(page.url()).pathname)).toBeTruthy()
    await expect(page.locator('.home-wallet__amount')).toHaveText('¥300.00')

    const signOut = page.waitForRequest((r) => r.method() === 'DELETE' && new URL(r.url()).pathname.endsWith('/signOut'))
    await page.locator('.home-signout').click()
    await page.locator('.app-dialog__confirm').click()
    await signOut
    await page.waitForURL((url) => url.pathname === '/pages/user/login')
    await waitForTitle(page, '合伙人登录')
    // The session is gone on the server too: the home call is refused.
    const res = await page.request.get(`${app.url}${HOME_CALL}`)
    expect(((await res.json()) as { code: number }).code).toBe(100000004)
    expect(await storedUserId(page), 'the stored user is cleared').toBe(null)
    await context.close()
  })

  test('sends a signed-out visitor to login with the page to come back to', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    await page.goto(`${app.url}/pages/partner/deal?timeType=x1`)
    await page.waitForURL((url) => url.pathname === '/pages/user/login', { timeout: 20_000 })
    expect(new URL(page.url()).searchParams.get('from')).toBe('/pages/partner/deal?timeType=x1')
    await context.close()
  })

  test('brings a partner who signs in on the login page back to the page they asked for', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    await page.goto(`${app.url}/pages/partner/position`)
    await page.waitForURL((url) => url.pathname === '/pages/user/login', { timeout: 20_000 })
    await waitForTitle(page, '合伙人登录')
    await signInOnLoginPage(page, DEMO.active)
    await page.waitForURL((url) => url.pathname === '/pages/partner/position', { timeout: 20_000 })
    await page.locator('.position-head__name', { hasText: '白银' }).waitFor({ timeout: 20_000 })
    await context.close()
  })

  test('keeps a Chinese filter value in the login `from` (资金记录 on 佣金)', async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    await page.goto(`${app.url}/pages/tabBar/record?type=佣金`)
    await page.waitForURL((url) => url.pathname === '/pages/user/login', { timeout: 20_000 })
    const from = new URL(new URL(page.url()).searchParams.get('from') ?? '', app.url)
    await context.close()
    expect(from.pathname).toBe('/pages/tabBar/record')
    expect(from.searchParams.get('type')).toBe('佣金')
  })

  test('sends a partner whose session expired to login, from the page they were on', async () => {
    const { context, page } = await signedIn()
    // The server forgets the session (signed out elsewhere); the browser still believes in it.
    await page.request.delete(`${app.url}/api/ems/partner/client/signOut`)
    await page.goto(`${app.url}/pages/partner/deal`)
    await page.waitForURL((url) => url.pathname === '/pages/user/login', { timeout: 20_000 })
    expect(new URL(page.url()).searchParams.get('from')).toBe('/pages/partner/deal')
    await context.close()
  })

  test('shows 加载中 on a slow network, then the numbers', async () => {
    const { context, page } = await signedIn()
    await page.route(`**${HOME_CALL}`, async (route) => {
      await new Promise((r) => setTimeout(r, 1500))
      await route.continue()
    })
    await page.goto(`${app.url}/`)
    await waitForTitle(page, '首页')
    await page.locator('.home-loading', { hasText: '加载中' }).waitFor()
    await expect(page.locator('.home-entries__item'), 'the entries are there while the numbers load').toHaveCount(11)
    await screenshot(page, 'dashboard-home-loading')
    await page.locator('.home-wallet').waitFor({ timeout: 10_000 })
    await context.close()
  })

  test('says the numbers could not load when the call fails, and loads them on a tap', async () => {
    const { context, page } = await signedIn()
    await page.route(`**${HOME_CALL}`, (route) => route.abort('connectionrefused'))
    await page.goto(`${app.url}/`)
    await waitForTitle(page, '首页')
    await page.locator('.home-failed', { hasText: '加载失败，点击重试' }).waitFor({ timeout: 20_000 })
    await screenshot(page, 'dashboard-home-failed')
    await page.unroute(`**${HOME_CALL}`)
    await page.locator('.home-failed').click()
    await page.locator('.home-wallet__amount', { hasText: '¥300.00' }).waitFor()
    await context.close()
  })

  test('on the next visit paints the last summary before the server answers; a failed refresh says so above it; signing out forgets it', async () => {
    const { context, page } = await signedIn()
    await openHome(page)
    await page.locator('.home-wallet__amount', { hasText: '¥300.00' }).waitFor()

    // The server takes 3 s: the kept figures are there at once, with no 加载中.
    let answered = false
    await page.route(`**${HOME_CALL}`, async (route) => {
      await new Promise((r) => setTimeout(r, 3000))
      await route.continue()
      answered = true
    })
    const heldAnswer = page.waitForResponse((res) => new URL(res.url()).pathname === HOME_CALL, { timeout: 30_000 })
    await page.goto(`${app.url}/`)
    await waitForTitle(page, '首页')
    await page.locator('.home-wallet__amount', { hasText: '¥300.00' }).waitFor({ timeout: 2_500 })
    expect(answered, 'painted before the answer came').toBe(false)
    await expect(page.locator('.home-loading')).toHaveCount(0)
    await screenshot(page, 'dashboard-home-remembered')
    // The held answer comes through before the next visit, which would cancel it under the handler.
    await heldAnswer
    await page.unroute(`**${HOME_CALL}`)

    // The refresh fails: the kept figures stay, and the failure line above them tries again.
    await page.route(`**${HOME_CALL}`, (route) => route.abort('connectionrefused'))
    await page.goto(`${app.url}/`)
    await page.locator('.home-notice--stale', { hasText: '加载失败，点击重试' }).waitFor({ timeout: 20_000 })
    await expect(page.locator('.home-wallet__amount')).toHaveText('¥300.00')
    await screenshot(page, 'dashboard-home-remembered-failed')
    await page.unroute(`**${HOME_CALL}`)
    await page.locator('.home-notice--stale').click()
    await page.locator('.home-notice--stale').waitFor({ state: 'detached' })

    // Signing out takes the kept summary with it.
    const kept = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('_home_summary')).length)
    expect(await kept()).toBe(1)
    await page.locator('.home-signout').click()
    await page.locator('.app-dialog__confirm').click()
    await page.waitForURL((url) => url.pathname === '/pages/user/login')
    expect(await kept()).toBe(0)
    await context.close()
  })
})
