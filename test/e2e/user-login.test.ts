import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, phoneContext, screenshot, type RunningApp, expect, test } from './harness'
import {
  DEMO_ACTIVE,
  DEMO_PENDING,
  agree,
  fill,
  onHome,
  onPage,
  requestCode,
  rowError,
  signInWithPassword,
  startUserApp,
  toast,
  visible,
} from './user-helpers'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

test.describe('the partner login page (pages/user/login)', () => {
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext
  let page: Page

  test.beforeAll(async () => {
    app = await startUserApp()
    browser = await launchBrowser()
  })

  test.afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  // A fresh browser (no cookie, no stored user) for every test.
  async function open(path: string): Promise<Page> {
    await context?.close()
    context = await phoneContext(browser)
    page = await context.newPage()
    await page.goto(`${app.url}${path}`)
    return page
  }

  test('registers a new partner with the code from the SMS outbox, the referrer prefilled from ?ref=', async () => {
    await open('/pages/user/login?mode=register&ref=DEMO01')
    await onPage(page, '/pages/user/login', '合伙人登录')
    await visible(page, '.user-auth-header__title', '注册成为合伙人').waitFor()
    await expect(visible(page, '.user-form__row--referrerCode input')).toHaveValue('DEMO01')
    await screenshot(page, 'user-login-register')

    const phone = '13900000001'
    await fill(page, 'phone', phone)
    const code = await requestCode(page, app, phone)
    expect(await visible(page, '.user-form__row--code .user-form__hint').innerText()).toMatch(/已发送至 139\*\*\*\*0001/)
    await fill(page, 'code', code)
    await fill(page, 'password', 'start2026')
    await fill(page, 'repeat', 'start2026')
    await agree(page)
    await visible(page, '.user-login__submit').click()
    await toast(page, '注册成功')
    await onHome(page)

    const stored = await page.evaluate(() => JSON.stringify(localStorage))
    expect(stored).toMatch(/139\*\*\*\*0001/)
  })

  test('checks every field before sending anything, with a message under each, and asks for consent', async () => {
    await open('/pages/user/login?mode=register')
    await visible(page, '.user-login__submit').waitFor()
    const calls: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(r.url())
    })
    await fill(page, 'phone', '1380000')
    await fill(page, 'code', '12')
    await fill(page, 'password', 'abcdefgh')
    await fill(page, 'repeat', 'abcdefgi')
    await visible(page, '.user-login__submit').click()
    expect(await rowError(page, 'phone')).toBe('手机号格式不正确')
    expect(await rowError(page, 'code')).toBe('验证码为6位数字')
    expect(await rowError(page, 'password')).toBe('密码需同时包含字母和数字')
    expect(await rowError(page, 'repeat')).toBe('两次输入的密码不一致')
    expect(await visible(page, '.user-form__error--agreed').innerText()).toBe('请先阅读并同意《用户协议》和《隐私政策》')
    await screenshot(page, 'user-login-validation')

    // A malformed phone is not sent a code either.
    await visible(page, '.user-form__row--code .app-code-input__button').click()
    expect(await rowError(page, 'phone')).toBe('手机号格式不正确')
    expect(calls).toStrictEqual([])

    // Fixing a field clears its message.
    await fill(page, 'phone', '13800000000')
    expect(await rowError(page, 'phone')).toBe('')
  })

  test('signs in by password and goes home when there is no from', async () => {
    await open('/pages/user/login')
    await visible(page, '.user-login__tab--active', '密码登录').waitFor()
    await screenshot(page, 'user-login')
    await signInWithPassword(page, DEMO_ACTIVE.phone, DEMO_ACTIVE.password)
    await onHome(page)
  })

  test('says once that a wrong password is wrong, and stays on the login page', async () => {
    await open('/pages/user/login')
    await signInWithPassword(page, DEMO_ACTIVE.phone, 'wrong1234')
    await toast(page, '手机号或密码错误')
    await screenshot(page, 'user-login-wrong-password')
    await expect(page.locator(':text("手机号或密码错误"):visible')).toHaveCount(1)
    expect(await rowError(page, 'password')).toBe('')
    expect(new URL(page.url()).pathname).toBe('/pages/user/login')
  })

  test('signs in by SMS code (type 登录)', async () => {
    await open('/pages/user/login')
    await visible(page, '.user-login__tab--code').click()
    await fill(page, 'phone', DEMO_ACTIVE.phone)
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/ums/user/user/sendVerify'))
    const code = await requestCode(page, app, DEMO_ACTIVE.phone)
    expect((await sent).postData() ?? '').toMatch(/type=%E7%99%BB%E5%BD%95/)
    expect(await visible(page, '.app-code-input__button').innerText()).toMatch(/^\d+s$/)
    await screenshot(page, 'user-login-code')
    await fill(page, 'code', code)
    await agree(page)
    await visible(page, '.user-login__submit').click()
    await onHome(page)
  })

  test('sends a signed-out person from a guarded page to login with from, and back there after signing in', async () => {
    await open('/pages/user/changePass')
    await page.waitForURL((url) => url.pathname === '/pages/user/login', { timeout: 30_000 })
    expect(new URL(page.url()).searchParams.get('from')).toBe('/pages/user/changePass')
    await signInWithPassword(page, DEMO_ACTIVE.phone, DEMO_ACTIVE.password)
    await onPage(page, '/pages/user/changePass', '修改密码')
    await visible(page, '.user-form__row--oldPassword').waitFor()
  })

  test('resets a forgotten password with a code, returns to sign-in with a toast, and the new password signs in', async () => {
    await open('/pages/user/login')
    await visible(page, '.user-login__link--forgot').click()
    await visible(page, '.user-auth-header__title', '找回密码').waitFor()
    expect(new URL(page.url()).searchParams.get('mode')).toBe('forgot')
    await expect(page.locator('.user-consent:visible')).toHaveCount(0)
    await fill(page, 'phone', DEMO_PENDING.phone)
    // A code for this phone went out in an earlier test less than a minute ago: wait for the
    // back-office's one-a-minute rule rather than read a refusal.
    const last = (await (await fetch(`${app.url}/api/dev/smsOutbox?phone=${DEMO_PENDING.phone}`)).json()) as {
      data: Array<{ createdAt: string }>
    }
    const wait = last.data[0] ? new Date(last.data[0].createdAt).getTime() + 61_000 - Date.now() : 0
    if (wait > 0) await page.waitForTimeout(wait)
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/ums/user/user/sendVerify'))
    const code = await requestCode(page, app, DEMO_PENDING.phone)
    expect((await sent).postData() ?? '').toMatch(/type=%E6%89%BE%E5%9B%9E%E5%AF%86%E7%A0%81/)
    await fill(page, 'code', code)
    await fill(page, 'password', 'renewed2026')
    await fill(page, 'repeat', 'renewed2026')
    await screenshot(page, 'user-login-forgot')
    await visible(page, '.user-login__submit', '重置密码').click()
    await toast(page, '密码已重置，请用新密码登录')
    await visible(page, '.user-auth-header__title', '欢迎回来').waitFor()
    expect(new URL(page.url()).searchParams.get('mode')).toBe(null)
    await expect(visible(page, '.user-form__row--phone input')).toHaveValue(DEMO_PENDING.phone)

    await fill(page, 'password', DEMO_PENDING.password)
    await agree(page)
    await visible(page, '.user-login__submit').click()
    await toast(page, '手机号或密码错误')
    await fill(page, 'password', 'renewed2026')
    await visible(page, '.user-login__submit').click()
    await onHome(page)
  })

  test('opens the agreement and the privacy policy from the consent line, each showing its text', async () => {
    await open('/pages/user/login')
    await visible(page, '.user-consent__link--agreement').click()
    await onPage(page, '/pages/user/agreement', '用户协议')
    await visible(page, '.user-doc__title', '合伙人服务协议').waitFor()
    expect(await visible(page, '.user-doc__body').innerText()).toMatch(/合伙人的定义与资格/)
    await screenshot(page, 'user-agreement')
    await visible(page, '.page__back').click()
    await onPage(page, '/pages/user/login', '合伙人登录')

    // The checkbox kept its state across the visit.
    await agree(page)
    await visible(page, '.user-consent__link--privacy').click()
    await onPage(page, '/pages/user/privacy', '隐私政策')
    await visible(page, '.user-doc__title', '隐私政策').waitFor()
    expect(await visible(page, '.user-doc__body').innerText()).toMatch(/我们收集的信息/)
    await screenshot(page, 'user-privacy')
    await visible(page, '.page__back').click()
    expect(await visible(page, '.user-consent__toggle').getAttribute('aria-checked')).toBe('true')
  })

  test('shows a loading state on a slow network and a readable error with a retry when a document cannot load', async () => {
    await open('/pages/user/login')
    await visible(page, '.user-login__submit').waitFor()
    let fail = true
    await page.route('**/api/cms/web/siteContent/detailsForClient**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500))
      if (fail) await route.abort('internetdisconnected')
      else await route.continue()
    })
    await page.evaluate(() => {
      window.history.pushState({}, '', '/pages/user/privacy')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await visible(page, '.user-load--loading').waitFor()
    await screenshot(page, 'user-privacy-loading')
    await visible(page, '.user-load--failed').waitFor({ timeout: 15_000 })
    expect(await visible(page, '.user-load--failed').innerText()).toMatch(/隐私政策加载失败，请检查网络后重试/)
    await screenshot(page, 'user-privacy-failed')
    fail = false
    await visible(page, '.user-load__retry .taro-button-core').click()
    await visible(page, '.user-doc__title', '隐私政策').waitFor({ timeout: 15_000 })
  })
})
