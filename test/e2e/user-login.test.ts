/**
 * The login page and its flows in Chromium against the real back-office: register, sign in by
 * password and by SMS code, refusals, the `from` round trip, forgot password, and the two
 * documents the consent links to. Build first (see README): H5_DIR points at the build.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser, phoneContext, screenshot, type RunningApp } from './harness'
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

describe('the partner login page (pages/user/login)', () => {
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext
  let page: Page

  before(async () => {
    app = await startUserApp()
    browser = await launchBrowser()
  })

  after(async () => {
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

  it('registers a new partner with the code from the SMS outbox, the referrer prefilled from ?ref=', async () => {
    await open('/pages/user/login?mode=register&ref=DEMO01')
    await onPage(page, '/pages/user/login', '合伙人登录')
    await visible(page, '.user-auth-header__title', '注册成为合伙人').waitFor()
    assert.equal(await visible(page, '.user-form__row--referrerCode input').inputValue(), 'DEMO01')
    await screenshot(page, 'user-login-register')

    const phone = '13900000001'
    await fill(page, 'phone', phone)
    const code = await requestCode(page, app, phone)
    assert.match(await visible(page, '.user-form__row--code .user-form__hint').innerText(), /已发送至 139\*\*\*\*0001/)
    await fill(page, 'code', code)
    await fill(page, 'password', 'start2026')
    await fill(page, 'repeat', 'start2026')
    await agree(page)
    await visible(page, '.user-login__submit').click()
    await toast(page, '注册成功')
    await onHome(page)

    const stored = await page.evaluate(() => JSON.stringify(localStorage))
    assert.match(stored, /139\*\*\*\*0001/)
  })

  it('checks every field before sending anything, with a message under each, and asks for consent', async () => {
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
    assert.equal(await rowError(page, 'phone'), '手机号格式不正确')
    assert.equal(await rowError(page, 'code'), '验证码为6位数字')
    assert.equal(await rowError(page, 'password'), '密码需同时包含字母和数字')
    assert.equal(await rowError(page, 'repeat'), '两次输入的密码不一致')
    assert.equal(await visible(page, '.user-form__error--agreed').innerText(), '请先阅读并同意《用户协议》和《隐私政策》')
    await screenshot(page, 'user-login-validation')

    // A malformed phone is not sent a code either.
    await visible(page, '.user-form__row--code .app-code-input__button').click()
    assert.equal(await rowError(page, 'phone'), '手机号格式不正确')
    assert.deepEqual(calls, [])

    // Fixing a field clears its message.
    await fill(page, 'phone', '13800000000')
    assert.equal(await rowError(page, 'phone'), '')
  })

  it('signs in by password and goes home when there is no from', async () => {
    await open('/pages/user/login')
    await visible(page, '.user-login__tab--active', '密码登录').waitFor()
    await screenshot(page, 'user-login')
    await signInWithPassword(page, DEMO_ACTIVE.phone, DEMO_ACTIVE.password)
    await onHome(page)
  })

  it('says once that a wrong password is wrong, and stays on the login page', async () => {
    await open('/pages/user/login')
    await signInWithPassword(page, DEMO_ACTIVE.phone, 'wrong1234')
    await toast(page, '手机号或密码错误')
    await screenshot(page, 'user-login-wrong-password')
    assert.equal(await page.locator(':text("手机号或密码错误"):visible').count(), 1)
    assert.equal(await rowError(page, 'password'), '')
    assert.equal(new URL(page.url()).pathname, '/pages/user/login')
  })

  it('signs in by SMS code (type 登录)', async () => {
    await open('/pages/user/login')
    await visible(page, '.user-login__tab--code').click()
    await fill(page, 'phone', DEMO_ACTIVE.phone)
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/ums/user/user/sendVerify'))
    const code = await requestCode(page, app, DEMO_ACTIVE.phone)
    assert.match((await sent).postData() ?? '', /type=%E7%99%BB%E5%BD%95/)
    assert.match(await visible(page, '.app-code-input__button').innerText(), /^\d+s$/)
    await screenshot(page, 'user-login-code')
    await fill(page, 'code', code)
    await agree(page)
    await visible(page, '.user-login__submit').click()
    await onHome(page)
  })

  it('sends a signed-out person from a guarded page to login with from, and back there after signing in', async () => {
    await open('/pages/user/changePass')
    await page.waitForURL((url) => url.pathname === '/pages/user/login', { timeout: 30_000 })
    assert.equal(new URL(page.url()).searchParams.get('from'), '/pages/user/changePass')
    await signInWithPassword(page, DEMO_ACTIVE.phone, DEMO_ACTIVE.password)
    await onPage(page, '/pages/user/changePass', '修改密码')
    await visible(page, '.user-form__row--oldPassword').waitFor()
  })

  it('resets a forgotten password with a code, returns to sign-in with a toast, and the new password signs in', async () => {
    await open('/pages/user/login')
    await visible(page, '.user-login__link--forgot').click()
    await visible(page, '.user-auth-header__title', '找回密码').waitFor()
    assert.equal(new URL(page.url()).searchParams.get('mode'), 'forgot')
    assert.equal(await page.locator('.user-consent:visible').count(), 0)
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
    assert.match((await sent).postData() ?? '', /type=%E6%89%BE%E5%9B%9E%E5%AF%86%E7%A0%81/)
    await fill(page, 'code', code)
    await fill(page, 'password', 'renewed2026')
    await fill(page, 'repeat', 'renewed2026')
    await screenshot(page, 'user-login-forgot')
    await visible(page, '.user-login__submit', '重置密码').click()
    await toast(page, '密码已重置，请用新密码登录')
    await visible(page, '.user-auth-header__title', '欢迎回来').waitFor()
    assert.equal(new URL(page.url()).searchParams.get('mode'), null)
    assert.equal(await visible(page, '.user-form__row--phone input').inputValue(), DEMO_PENDING.phone)

    await fill(page, 'password', DEMO_PENDING.password)
    await agree(page)
    await visible(page, '.user-login__submit').click()
    await toast(page, '手机号或密码错误')
    await fill(page, 'password', 'renewed2026')
    await visible(page, '.user-login__submit').click()
    await onHome(page)
  })

  it('opens the agreement and the privacy policy from the consent line, each showing its text', async () => {
    await open('/pages/user/login')
    await visible(page, '.user-consent__link--agreement').click()
    await onPage(page, '/pages/user/agreement', '用户协议')
    await visible(page, '.user-doc__title', '合伙人服务协议').waitFor()
    assert.match(await visible(page, '.user-doc__body').innerText(), /合伙人的定义与资格/)
    await screenshot(page, 'user-agreement')
    await visible(page, '.page__back').click()
    await onPage(page, '/pages/user/login', '合伙人登录')

    // The checkbox kept its state across the visit.
    await agree(page)
    await visible(page, '.user-consent__link--privacy').click()
    await onPage(page, '/pages/user/privacy', '隐私政策')
    await visible(page, '.user-doc__title', '隐私政策').waitFor()
    assert.match(await visible(page, '.user-doc__body').innerText(), /我们收集的信息/)
    await screenshot(page, 'user-privacy')
    await visible(page, '.page__back').click()
    assert.equal(await visible(page, '.user-consent__box').getAttribute('aria-checked'), 'true')
  })

  it('shows a loading state on a slow network and a readable error with a retry when a document cannot load', async () => {
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
    assert.match(await visible(page, '.user-load--failed').innerText(), /隐私政策加载失败，请检查网络后重试/)
    await screenshot(page, 'user-privacy-failed')
    fail = false
    await visible(page, '.user-load__retry taro-button-core').click()
    await visible(page, '.user-doc__title', '隐私政策').waitFor({ timeout: 15_000 })
  })
})
