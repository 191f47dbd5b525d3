import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, phoneContext, screenshot, type RunningApp, expect, test } from './harness'
import { signInPartner } from './dashboard-support'
import { DEMO_ACTIVE, fill, registerByApi, signInWithPassword, startUserApp, visible } from './user-helpers'
import {
  answerGate,
  clearToasts,
  type Fault,
  LOGIN,
  type Look,
  misbehave,
  NETWORK_TOAST,
  on,
  sees,
  SERVER_ERROR_TOAST,
  SLOW_MS,
  storedUserId,
  titleShows,
  TOAST_RECORDER,
  toasts,
  toastShown,
} from './misbehave'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

const API = '/api/ems/partner/client'
const CALL = {
  signInfo: `${API}/signInfo`,
  savePersonal: `${API}/savePersonal`,
  saveSignUp: `${API}/saveSignUp`,
  changePassword: `${API}/changePassword`,
  signOut: `${API}/signOut`,
}

type Case = Fault | 'expired'

interface Account {
  phone: string
  password: string
}

interface Screen {
  key: string
  title: string
  path: string
  /** Whom each case signs in as (a password change needs a partner of its own). */
  who: (c: Case) => Account
  /** The call the screen loads, if any. */
  load?: {
    call: string
    loading: Look
    failed: Look
    retry: Look
  }
  /** Real content from the server (every one must show). */
  loaded: Look[]
  submit: {
    call: string
    /** Types into the form; `n` makes each attempt unique. */
    fill: (page: Page, n: number, who: Account) => Promise<void>
    /** Whether the form still holds what `fill` typed. */
    kept: (page: Page, n: number, who: Account) => Promise<void>
    button: string
    /** The success toast, and what shows after it. */
    doneToast: string
    done: (page: Page, n: number) => Promise<void>
  }
}

async function valueOf(page: Page, row: string): Promise<string> {
  return visible(page, `.user-form__row--${row} input`).inputValue()
}

const SIGN_UP = { phone: '13900000201', password: 'signup2026' }
/** One partner a case for 修改密码: each case that succeeds changes its password. */
const PASSWORD_OWNERS: Record<Case, Account> = {
  error: { phone: '13900000301', password: 'oldpass2026' },
  drop: { phone: '13900000302', password: 'oldpass2026' },
  slow: { phone: '13900000303', password: 'oldpass2026' },
  expired: { phone: '13900000304', password: 'oldpass2026' },
}
const NEW_PASSWORD = 'newpass2026'

const SCREENS: Screen[] = [
  {
    key: 'person',
    title: '填写个人信息',
    path: '/pages/user/person',
    who: () => DEMO_ACTIVE,
    load: {
      call: CALL.signInfo,
      loading: { selector: '.user-load--loading', text: '加载中' },
      failed: { selector: '.user-load--failed', text: '个人信息加载失败，请检查网络后重试' },
      retry: { selector: '.user-load__retry .taro-button-core', text: '重新加载' },
    },
    // The ID card on file comes back masked with its note: the server's data.
    loaded: [{ selector: '.user-form__row--idCard .user-form__hint', text: '已登记' }, { selector: '.user-person__submit' }],
    submit: {
      call: CALL.savePersonal,
      fill: (page, n) => fill(page, 'wechatId', `wx_hardening_${n}`),
      async kept(page, n) {
        expect(await valueOf(page, 'wechatId')).toBe(`wx_hardening_${n}`)
        expect(await valueOf(page, 'realName')).toBe('陈晓明')
      },
      button: '.user-person__submit',
      doneToast: '保存成功',
      // Saved, it goes back: home, as it was opened directly.
      done: (page) => sees(page, { selector: '.page__title', text: '首页' }),
    },
  },
  {
    key: 'partner',
    title: '填写报名信息',
    path: '/pages/user/partner',
    who: () => SIGN_UP,
    load: {
      call: CALL.signInfo,
      loading: { selector: '.user-load--loading', text: '加载中' },
      failed: { selector: '.user-load--failed', text: '报名信息加载失败，请检查网络后重试' },
      retry: { selector: '.user-load__retry .taro-button-core', text: '重新加载' },
    },
    loaded: [
      { selector: '.user-partner-status__badge', text: '未提交' },
      { selector: '.user-form__row--intake', text: '2025年 3期' },
    ],
    submit: {
      call: CALL.saveSignUp,
      fill: (page, n) => fill(page, 'school', `浙江开放大学${n}`),
      async kept(page, n) {
        expect(await valueOf(page, 'school')).toBe(`浙江开放大学${n}`)
        expect(await valueOf(page, 'major')).toBe('会计')
      },
      button: '.user-partner__submit',
      doneToast: '保存成功',
      // The answer is the saved profile: the form shows what the server now has.
      async done(page, n) {
        await sees(page, { selector: '.user-partner-status__badge', text: '未提交' })
        expect(await valueOf(page, 'school')).toBe(`浙江开放大学${n}`)
      },
    },
  },
  {
    key: 'changePass',
    title: '修改密码',
    path: '/pages/user/changePass',
    who: (c) => PASSWORD_OWNERS[c],
    loaded: [{ selector: '.user-form__row--oldPassword input' }, { selector: '.user-change-pass__submit' }],
    submit: {
      call: CALL.changePassword,
      async fill(page, _n, who) {
        await fill(page, 'oldPassword', who.password)
        await fill(page, 'password', NEW_PASSWORD)
        await fill(page, 'repeat', NEW_PASSWORD)
      },
      async kept(page, _n, who) {
        expect(await valueOf(page, 'oldPassword')).toBe(who.password)
        expect(await valueOf(page, 'password')).toBe(NEW_PASSWORD)
        expect(await valueOf(page, 'repeat')).toBe(NEW_PASSWORD)
      },
      button: '.user-change-pass__submit',
      doneToast: '密码已修改，请用新密码重新登录',
      done: (page) => page.waitForURL((url) => url.pathname === LOGIN, { timeout: 20_000 }),
    },
  },
]

test.describe('the signed-in form screens when the server misbehaves', () => {
  let app: RunningApp
  let browser: Browser

  test.beforeAll(async () => {
    app = await startUserApp()
    browser = await launchBrowser()
    for (const who of [SIGN_UP, ...Object.values(PASSWORD_OWNERS)]) await registerByApi(app, who.phone, who.password)
    // The sign-up partner has sent its sign-up info but no personal info: the form stays open
    // (未提交), prefilled from the server, and each save answers 保存成功.
    const page = await signedInPage(SIGN_UP)
    const res = await page.request.put(`${app.url}${CALL.saveSignUp}`, {
      form: { school: '浙江开放大学', major: '会计', discipline: '学历教育(本科)-会计学(本科)', intakeYear: '2025', batch: '3期' },
    })
    expect(((await res.json()) as { code: number }).code).toBe(0)
    await page.context().close()
  })

  test.afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  /** A phone-sized browser of its own, `who` signed in through the API. */
  async function signedInPage(who: Account): Promise<Page> {
    const context: BrowserContext = await phoneContext(browser)
    await context.addInitScript({ content: TOAST_RECORDER })
    const page = await context.newPage()
    await signInPartner(page, app, who.phone, who.password)
    return page
  }

  async function open(page: Page, screen: Screen) {
    await page.goto(`${app.url}${screen.path}`)
    await titleShows(page, screen.title)
  }

  async function showsContent(page: Page, screen: Screen) {
    for (const look of screen.loaded) await sees(page, look)
  }

  for (const fault of ['error', 'drop'] as const) {
    const what = fault === 'error' ? 'an HTTP 500' : 'a dropped connection'
    for (const screen of SCREENS.filter((s) => s.load)) {
      const load = screen.load!
      test(`${screen.title} (${screen.path}): ${what} on ${load.call} says it could not load, and 重新加载 shows the real data`, async () => {
        const page = await signedInPage(screen.who(fault))
        const stop = await misbehave(page, [load.call], fault)
        await open(page, screen)
        await sees(page, load.failed)
        if (fault === 'error') await toastShown(page, SERVER_ERROR_TOAST)
        await sees(page, load.retry)
        await titleShows(page, screen.title)
        await screenshot(page, `hardening-${screen.key}-${fault}`)
        const shown = await toasts(page)
        if (fault === 'error') expect(shown).toStrictEqual([SERVER_ERROR_TOAST])
        else expect(shown, 'no toast for a dropped connection (the failure state says it)').toStrictEqual([])

        await stop()
        await on(page, load.retry).click()
        await showsContent(page, screen)
        await expect(page.locator('.user-load--failed:visible')).toHaveCount(0)
        await page.context().close()
      })
    }

    for (const screen of SCREENS) {
      const submit = screen.submit
      test(`${screen.title} (${screen.path}): ${what} on ${submit.call} keeps what was typed, says so, and sends again`, async () => {
        const who = screen.who(fault)
        const page = await signedInPage(who)
        const n = fault === 'error' ? 1 : 2
        await open(page, screen)
        await showsContent(page, screen)
        await submit.fill(page, n, who)
        const stop = await misbehave(page, [submit.call], fault)
        await on(page, { selector: submit.button }).click()
        await toastShown(page, fault === 'error' ? SERVER_ERROR_TOAST : NETWORK_TOAST)
        await screenshot(page, `hardening-${screen.key}-submit-${fault}`)
        await submit.kept(page, n, who)
        expect(new URL(page.url()).pathname).toBe(screen.path)
        await stop()
        await clearToasts(page)
        await on(page, { selector: submit.button }).click()
        await toastShown(page, submit.doneToast)
        await submit.done(page, n)
        await page.context().close()
      })
    }
  }

  test('every screen waits out a 10 s answer (loading or saving) with a spinner under its title, then goes on, with no error', async () => {
    const started = Date.now()
    const loads = SCREENS.filter((s) => s.load).map(async (screen) => {
      const load = screen.load!
      const page = await signedInPage(screen.who('slow'))
      const looked = answerGate()
      await misbehave(page, [load.call], 'slow', looked.opened)
      await open(page, screen)
      await sees(page, load.loading)
      // Seconds into the 10 s wait (the page may have taken seconds to open on a loaded machine): still the spinner under the title, no failure, no blank screen.
      await page.waitForTimeout(3_000)
      await titleShows(page, screen.title)
      expect(await on(page, load.loading).isVisible(), `${screen.title}: the spinner is gone before the answer`).toBeTruthy()
      looked.open()
      await expect(page.locator('.user-load--failed:visible')).toHaveCount(0)
      await screenshot(page, `hardening-${screen.key}-slow`)
      await showsContent(page, screen)
      expect(await toasts(page), `${screen.title} showed a toast`).toStrictEqual([])
      return page
    })
    const submits = SCREENS.map(async (screen) => {
      const submit = screen.submit
      const who = screen.who('slow')
      const page = await signedInPage(who)
      await open(page, screen)
      await showsContent(page, screen)
      await submit.fill(page, 3, who)
      const looked = answerGate()
      await misbehave(page, [submit.call], 'slow', looked.opened)
      await on(page, { selector: submit.button }).click()
      await sees(page, { selector: '.app-loading-overlay', text: '加载中' })
      await page.waitForTimeout(3_000)
      expect(
        await on(page, { selector: '.app-loading-overlay' }).isVisible(),
        `${screen.title}: the overlay is gone before the answer`,
      ).toBeTruthy()
      looked.open()
      await titleShows(page, screen.title)
      await submit.kept(page, 3, who)
      await screenshot(page, `hardening-${screen.key}-submit-slow`)
      await toastShown(page, submit.doneToast)
      await submit.done(page, 3)
      expect(await toasts(page)).toStrictEqual([submit.doneToast])
      return page
    })
    const pages = await Promise.all([...loads, ...submits])
    expect(Date.now() - started >= SLOW_MS, 'the answers were held back').toBeTruthy()
    await Promise.all(pages.map((p) => p.context().close()))
  })

  for (const screen of SCREENS) {
    test(`${screen.title}: a session ended on the server sends the person from 保存 to login with from, and back to ${screen.path} after signing in`, async () => {
      const who = screen.who('expired')
      const page = await signedInPage(who)
      await open(page, screen)
      await showsContent(page, screen)
      await screen.submit.fill(page, 4, who)
      const ended = await page.request.delete(`${app.url}${CALL.signOut}`)
      expect(((await ended.json()) as { code: number }).code).toBe(0)
      expect(await storedUserId(page), 'the browser still holds its user').not.toBe(null)

      await on(page, { selector: screen.submit.button }).click()
      await page.waitForURL((url) => url.pathname === LOGIN, { timeout: 20_000 })
      await titleShows(page, '合伙人登录')
      expect(new URL(page.url()).searchParams.get('from')).toBe(screen.path)
      expect(await storedUserId(page), 'the stored user is cleared').toBe(null)
      await screenshot(page, `hardening-${screen.key}-expired`)

      // Nothing was saved (a password not changed): the same password signs in again.
      await signInWithPassword(page, who.phone, who.password)
      await page.waitForURL((url) => url.pathname === screen.path, { timeout: 20_000 })
      await titleShows(page, screen.title)
      await showsContent(page, screen)
      expect(await storedUserId(page)).not.toBe(null)
      await page.context().close()
    })
  }
})
