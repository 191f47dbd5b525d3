import type { Browser, BrowserContext, Page } from '@playwright/test'
import { chooseInPicker, launchBrowser, phoneContext, startApp, type Envelope, type RunningApp, expect, test } from './harness'
import { lastSmsId, smsCode } from './user-helpers'

export const DEMO = {
  /** Active, with clues in every status, deals this cycle, a ledger, a pending and a paid withdrawal. */
  active: '13800000000',
  /** Sign-up submitted, waiting for review: no clues, no money. */
  pending: '13800000001',
  password: 'demo1234',
}

export interface SignedInPage {
  app: RunningApp
  browser: Browser
  context: BrowserContext
  page: Page
}

/**
 * For the describe block it is called in: the app (`npm start`'s program), Chromium, and a phone
 * page with `phone` signed in, set up before its tests and closed after them. The fields are
 * there once the block's first `before` hook has run.
 */
export function signedInPartnerPage(phone: string = DEMO.active): SignedInPage {
  const t = {} as SignedInPage
  test.beforeAll(async () => {
    t.app = await startApp()
    t.browser = await launchBrowser()
    t.context = await phoneContext(t.browser)
    t.page = await t.context.newPage()
    await signInPartner(t.page, t.app, phone)
  })
  test.afterAll(async () => {
    await t.context?.close()
    await t.browser?.close()
    await t.app?.stop()
  })
  return t
}

/**
 * Signs a partner in through the back-office's sign-in call from the page's own context (it
 * shares the browser's cookies), then tells the app who is signed in the way a sign-in does:
 * the persisted store under activity_mobile_userInfo. (The login page is another engineer's and
 * was still a placeholder when these tests were written.)
 */
export async function signInPartner(page: Page, app: RunningApp, phone: string, password = DEMO.password): Promise<void> {
  const res = await page.request.post(`${app.url}/api/ems/partner/client/signIn`, { form: { phone, password } })
  const body = (await res.json()) as Envelope<Record<string, unknown>>
  if (body.code !== 0) throw new Error(`sign-in of ${phone} refused: ${body.message}`)
  const user = body.data
  await rememberSignedIn(page, app, user as Record<string, string | number | null>)
}

/**
 * Signs a student in through the back-office from the page's own context (it shares the
 * browser's cookies): a 登录 code texted to the phone, read from the development outbox, then
 * signInByCode. The app learns who is signed in the way a sign-in tells it, from the persisted
 * store (as the partner tests seed it), since H5 does not ask signInfo at launch.
 */
export async function signInStudent(page: Page, app: RunningApp, phone: string): Promise<void> {
  const before = await lastSmsId(app, phone)
  const sent = (await (
    await page.request.post(`${app.url}/api/ums/user/user/sendVerify`, { form: { phone, type: '登录' } })
  ).json()) as Envelope
  expect(sent.code, sent.message).toBe(0)
  const code = await smsCode(app, phone, before)
  const res = await page.request.post(`${app.url}/api/ums/user/user/signInByCode`, { form: { phone, code } })
  const body = (await res.json()) as Envelope<Record<string, string | number | null>>
  expect(body.code, body.message).toBe(0)
  await rememberSignedIn(page, app, body.data)
}

/**
 * Tells the app who is signed in the way a sign-in does: the persisted store under
 * activity_mobile_userInfo, from a sign-in call's user (any page of the origin reaches its
 * storage; the health check is the lightest).
 */
export async function rememberSignedIn(page: Page, app: RunningApp, user: Record<string, string | number | null>): Promise<void> {
  await page.goto(`${app.url}/api/health`)
  await page.evaluate((u) => {
    const state = {
      state: {
        user: {
          id: u.id,
          phone: u.phone ?? '',
          nickname: u.nickname ?? '',
          avatar: u.avatar ?? null,
          school: u.school ?? '',
          major: u.major ?? '',
          discipline: u.discipline ?? '',
          ...(u.status ? { status: u.status } : {}),
          ...(u.code ? { code: u.code } : {}),
        },
        loginOther: { mini: false, h5Weixin: false },
        headerInfo: null,
        router: null,
      },
      version: 1,
    }
    // Taro's H5 storage keeps { data } around each value.
    localStorage.setItem('activity_mobile_userInfo', JSON.stringify({ data: JSON.stringify(state) }))
  }, user)
}

/** An operator of the back-office, signed in with its own cookie. */
export interface Operator {
  call: <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: Record<string, string | number>,
  ) => Promise<Envelope<T>>
}

/** An operator signed in through the API; stepped up (身份验证 with the password) unless `stepUp: false`. */
export async function signInOperator(
  app: RunningApp,
  account: 'teacher' | 'finance',
  password = DEMO.password,
  { stepUp = true }: { stepUp?: boolean } = {},
): Promise<Operator> {
  const res = await fetch(`${app.url}/api/bms/system/admin/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account, password }).toString(),
  })
  const body = (await res.json()) as Envelope
  if (body.code !== 0) throw new Error(`operator ${account} not signed in: ${body.message}`)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const operator: Operator = {
    async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload: Record<string, string | number> = {}) {
      const form = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString()
      const inQuery = method === 'GET' || method === 'DELETE'
      const r = await fetch(`${app.url}${path}${inQuery && form ? `?${form}` : ''}`, {
        method,
        headers: { cookie, ...(inQuery ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
        body: inQuery ? undefined : form,
      })
      return (await r.json()) as Envelope<T>
    },
  }
  if (stepUp) {
    const stepped = await operator.call('POST', '/api/bms/system/stepUp/password', { password })
    if (stepped.code !== 0) throw new Error(`operator ${account} not stepped up: ${stepped.message}`)
  }
  return operator
}

/** Waits for the page's title bar to read `title`. */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.locator('.page__title', { hasText: title }).first().waitFor({ timeout: 30_000 })
}

/** The text of every element matching `selector`, in order. */
export async function textsOf(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())
}

/** The visible text of the toast, once one shows. */
export async function toastText(page: Page): Promise<string> {
  const toast = page.locator('.app-toast').first()
  await toast.waitFor({ timeout: 10_000 })
  return ((await toast.textContent()) ?? '').trim()
}

/** Scrolls the page showing now to its end, as a thumb does; Taro's H5 pages scroll in `.taro_page`. */
export async function scrollToBottom(page: Page, inside: string): Promise<void> {
  await page
    .locator(inside)
    .first()
    .evaluate((el) => {
      const scroller = el.closest('.taro_page') ?? document.scrollingElement
      if (scroller) scroller.scrollTop = scroller.scrollHeight
    })
}

/** A thumb drags the page down from its top and lets go: Taro's H5 pull-down refresh. */
export async function pullDown(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  const x = 187
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: 200 }] })
  for (let y = 220; y <= 560; y += 20) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

/** Counts the calls the page makes to one back-office path (method and path, query ignored). */
export function countCalls(page: Page, method: string, path: string): { readonly count: number; readonly queries: URLSearchParams[] } {
  const seen = { count: 0, queries: [] as URLSearchParams[] }
  page.on('request', (req) => {
    const url = new URL(req.url())
    if (req.method() === method && url.pathname === path) {
      seen.count += 1
      seen.queries.push(url.searchParams)
    }
  })
  return seen
}

/** Chooses `label` in the time-type picker of the filter bar: a tap on the field opens the picker. */
export async function pickTimeType(page: Page, label: string): Promise<void> {
  await page.locator('.filter-bar__time .app-picker-field').first().click()
  await chooseInPicker(page, [label])
}

/**
 * Registers a new partner (phone, SMS code from the local outbox, password) from the page's
 * context, which also signs them in there; then signs them in the app as signInPartner does.
 */
export async function registerPartner(page: Page, app: RunningApp, phone: string, password = DEMO.password): Promise<void> {
  const sent = await page.request.post(`${app.url}/api/ums/user/user/sendVerify`, { form: { phone, type: '注册' } })
  const sentBody = (await sent.json()) as Envelope
  if (sentBody.code !== 0) throw new Error(`no code sent to ${phone}: ${sentBody.message}`)
  const outbox = (await (await page.request.get(`${app.url}/api/dev/smsOutbox?phone=${phone}`)).json()) as Envelope<
    Array<{ code: string | null }>
  >
  const code = outbox.data[0]?.code
  if (!code) throw new Error(`no code in the outbox for ${phone}`)
  const res = await page.request.post(`${app.url}/api/ems/partner/client/register`, { form: { phone, code, password } })
  const body = (await res.json()) as Envelope
  if (body.code !== 0) throw new Error(`registration of ${phone} refused: ${body.message}`)
  await signInPartner(page, app, phone, password)
}

/**
 * Signs in on the real login page (pages/user/login, another engineer's): phone, password, the
 * consent box, 登录. The page goes on to its `from`, or home.
 */
export async function signInOnLoginPage(page: Page, phone: string, password = DEMO.password): Promise<void> {
  // Taro's H5 router may keep an earlier login page in the DOM, hidden: act on the one shown.
  await page.locator('.user-form__row--phone input:visible').fill(phone)
  await page.locator('.user-form__row--password input:visible').fill(password)
  await page.locator('.user-consent__box:visible').click()
  await page.locator('.user-login__submit:visible').click()
}
