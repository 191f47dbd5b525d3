import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, phoneContext, screenshot, type RunningApp, expect, test, phoneScreen } from './harness'
import { DEMO_ACTIVE, agree, fill, onPage, requestCode, rowError, startUserApp, visible } from './user-helpers'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN'

test.describe('the WeChat login page (pages/user/loginWechat)', () => {
  let app: RunningApp
  let browser: Browser
  const contexts: BrowserContext[] = []

  test.beforeAll(async () => {
    app = await startUserApp({ WECHAT_MP_APP_ID: 'wx-e2e-official-account' })
    browser = await launchBrowser()
  })

  test.afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined)
    await browser?.close()
    await app?.stop()
  })

  /** A phone inside WeChat whose user authorizes as `openId`; counts the trips to "WeChat". */
  async function wechatPhone(openId: string): Promise<{ page: Page; authorizations: () => number }> {
    const context = await phoneScreen(browser, { userAgent: WECHAT_UA })
    contexts.push(context)
    let count = 0
    await context.route('**/pages/main/wxCode?**', async (route) => {
      count += 1
      const asked = new URL(route.request().url())
      const back = new URL(asked.searchParams.get('redirect_uri') ?? '/', app.url)
      back.searchParams.set('code', `fake:${openId}`)
      back.searchParams.set('state', asked.searchParams.get('state') ?? '')
      await route.fulfill({ status: 302, headers: { location: back.toString() } })
    })
    return { page: await context.newPage(), authorizations: () => count }
  }

  test('on a plain browser explains that it works inside WeChat, and leads to the phone login keeping from', async () => {
    const context = await phoneContext(browser)
    contexts.push(context)
    const page = await context.newPage()
    await page.goto(`${app.url}/pages/user/loginWechat?from=${encodeURIComponent('/pages/user/partner')}`)
    await onPage(page, '/pages/user/loginWechat', '合伙人登录')
    await visible(page, '.user-wechat__notice-title', '请在微信中打开').waitFor()
    expect(await visible(page, '.user-wechat__notice').innerText()).toMatch(/只能在微信内使用/)
    await screenshot(page, 'user-login-wechat-browser')
    // The phone login page offers no WeChat shortcut here.
    await visible(page, '.user-wechat__to-login').click()
    await onPage(page, '/pages/user/login', '合伙人登录')
    expect(new URL(page.url()).searchParams.get('from')).toBe('/pages/user/partner')
    await expect(page.locator('.user-login__wechat:visible')).toHaveCount(0)
  })

  test('inside WeChat, a new open id asks for the phone once (code type 登录), which signs in, binds it and returns to from', async () => {
    const { page, authorizations } = await wechatPhone('e2e-openid-1')
    await page.goto(`${app.url}/pages/user/loginWechat?from=${encodeURIComponent('/pages/user/person')}`)
    await visible(page, '.user-auth-header__title', '绑定手机号').waitFor({ timeout: 30_000 })
    expect(authorizations()).toBe(1)
    // Back from "WeChat" the code is taken out of the address, `from` stays.
    const back = new URL(page.url())
    expect(back.searchParams.get('code')).toBe(null)
    expect(back.searchParams.get('from')).toBe('/pages/user/person')
    await screenshot(page, 'user-login-wechat-bind')

    await visible(page, '.user-wechat__submit').click()
    expect(await rowError(page, 'phone')).toBe('请填写手机号')
    expect(await rowError(page, 'code')).toBe('请填写验证码')

    await fill(page, 'phone', DEMO_ACTIVE.phone)
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/ums/user/user/sendVerify'))
    const code = await requestCode(page, app, DEMO_ACTIVE.phone)
    expect((await sent).postData() ?? '').toMatch(/type=%E7%99%BB%E5%BD%95/)
    await fill(page, 'code', code)
    await agree(page)
    await visible(page, '.user-wechat__submit').click()
    await onPage(page, '/pages/user/person', '填写个人信息')
    await visible(page, '.user-form__row--realName input').waitFor()
  })

  test('inside WeChat, a bound open id signs in by itself from the login page shortcut, with no form', async () => {
    const { page, authorizations } = await wechatPhone('e2e-openid-1')
    await page.goto(`${app.url}/pages/user/login?from=${encodeURIComponent('/pages/user/partner')}`)
    await onPage(page, '/pages/user/login', '合伙人登录')
    await screenshot(page, 'user-login-in-wechat')
    await visible(page, '.user-login__wechat').click()
    await onPage(page, '/pages/user/partner', '填写报名信息')
    await visible(page, '.user-partner-status__badge', '已通过').waitFor()
    expect(authorizations()).toBe(1)
    await expect(page.locator('.user-wechat__bind:visible')).toHaveCount(0)
  })
})
