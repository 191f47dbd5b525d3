import type { Browser, BrowserContext, Locator, Page } from '@playwright/test'
import { startApp, type RunningApp, expect } from './harness'
import { ADMIN, lastSmsId, registerByApi, smsCode } from './user-helpers'

export { ADMIN }
export const DEMO_PASSWORD = 'demo1234'
export const DEMO_PARTNER = { phone: '13800000000', name: '陈晓明', code: 'DEMO01' }

/** `npm start`'s program with a known administrator, no per-IP limits, commissions not frozen. */
export function startOfficeApp(): Promise<RunningApp> {
  return startApp({ RATE_LIMIT: 'off', ADMIN_ACCOUNT: ADMIN.account, ADMIN_PASSWORD: ADMIN.password, COMMISSION_FREEZE_DAYS: '0' })
}

/** The office's screen: 1366×768, Chinese. */
export function desktopContext(browser: Browser): Promise<BrowserContext> {
  // Reduced motion, which the console honours by switching antd's animations off: a click cannot
  // land on a dialog or menu still opening (seen lost on a loaded machine), and no step waits out an animation.
  return browser.newContext({
    viewport: { width: 1366, height: 768 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    acceptDownloads: true,
    reducedMotion: 'reduce',
  })
}

/**
 * Signs the page's context in as an operator through the sign-in call, as the sign-in page does
 * (console-session.test.ts types into the page itself), and then, unless `stepUp: false`, steps
 * the session up (身份验证 with the password, as the dialog would), so paying, adjusting and
 * refunding go through without the dialog (console-step-up.test.ts tests it). The page stays
 * where it is: `openConsole` opens a screen.
 */
export async function signInConsole(
  page: Page,
  app: RunningApp,
  account: string,
  password = DEMO_PASSWORD,
  { stepUp = true }: { stepUp?: boolean } = {},
): Promise<void> {
  // The page's own cookies: the session and its step-up belong to this context.
  const call = async (path: string, form: Record<string, string>) => {
    const res = await page.request.post(`${app.url}${path}`, { form, headers: { origin: app.url } })
    return (await res.json()) as Envelope
  }
  const signedIn = await call('/api/bms/system/admin/signIn', { account, password })
  expect(signedIn.code, `sign-in of ${account}: ${signedIn.message}`).toBe(0)
  if (stepUp) {
    const stepped = await call('/api/bms/system/stepUp/password', { password })
    expect(stepped.code, `step-up of ${account}: ${stepped.message}`).toBe(0)
  }
}

/**
 * The area of a console address (its first segment): screens of two areas are two routes, each
 * mounted afresh (App.tsx keys every screen by its route), so leaving one is seen by its page
 * going away; two addresses of one area may share a route, and are loaded afresh.
 */
function areaOf(pathname: string): string {
  return pathname.replace(/^\/admin/, '').split('/')[1] ?? ''
}

/**
 * Opens a console address and waits until nothing on it is loading. A page already showing a
 * screen of another area goes there inside the loaded console, as a link in it would (the
 * router's history, no new page load); the first screen of a page and another screen of the
 * same area are loaded afresh.
 */
export async function openConsole(page: Page, app: RunningApp, address: string): Promise<void> {
  const target = new URL(`${app.url}/admin${address}`)
  const here = new URL(page.url())
  const inConsole =
    here.origin === target.origin &&
    here.pathname.startsWith('/admin/') &&
    here.pathname !== '/admin/signIn' &&
    areaOf(here.pathname) !== areaOf(target.pathname) &&
    (await page.getByTestId('operator').count()) > 0
  if (!inConsole) {
    await page.goto(target.toString())
    await settled(page)
    return
  }
  // The screen showing now is marked; the router's navigation is over when it has gone.
  await page.evaluate((to) => {
    for (const el of document.querySelectorAll('.console-page, .ant-result')) el.setAttribute('data-e2e-left', '')
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate', { state: null }))
  }, target.pathname + target.search)
  await page.waitForFunction(() => !document.querySelector('[data-e2e-left]'), null, { timeout: 30_000 })
  await settled(page)
}

/** No skeleton, spinner or table loading left on the page. */
export async function settled(page: Page): Promise<void> {
  await page.locator('.console-page, .ant-result').first().waitFor({ timeout: 30_000 })
  // A list says it is loading (aria-busy) in the render that asks; antd's spinner shows a timer later.
  await page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning, [aria-busy="true"]'), null, {
    timeout: 30_000,
  })
}

/** The body rows of the page's (first) table. */
export function tableRows(page: Page): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row')
}

/** The table row holding `text`. */
export function rowWith(page: Page, text: string | RegExp): Locator {
  return tableRows(page).filter({ hasText: text }).first()
}

/** The open modal whose title holds `title`. */
export function modal(page: Page, title: string | RegExp): Locator {
  return page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: title }) })
}

/** Chooses `option` in an antd Select opened by clicking `select`, typing `search` first when given. */
export async function choose(page: Page, select: Locator, option: string | RegExp, search?: string): Promise<void> {
  await select.click()
  if (search !== undefined) await select.locator('input').fill(search)
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click()
  // A click in the list makes rc-select give focus back to the select in a timer. Until that timer
  // runs, a fill elsewhere can lose its text to the select, because fill focuses and types in two
  // steps. The list finishes closing after that timer has run.
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0)
}

/** The form item labelled `label` inside `scope`. */
export function formItem(scope: Locator | Page, label: string): Locator {
  const page = 'page' in scope && typeof scope.page === 'function' ? (scope as Locator).page() : (scope as Page)
  return scope.locator('.ant-form-item').filter({ has: page.locator('.ant-form-item-label', { hasText: label }) })
}

/** A ModalForm's submit button (antd's zh_CN 确定, spaced as antd spaces two-character buttons). */
export const SUBMIT = /^确\s*定$/

interface Envelope<T = unknown> {
  code: number
  message: string
  data: T
}

/** A client of the back-office's API with its own cookie (a partner or an operator). */
export interface ApiUser {
  call: <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: Record<string, unknown>) => Promise<Envelope<T>>
}

/** A signed-in caller that also sends multipart forms. */
export interface FormApiUser extends ApiUser {
  /** A multipart form: its fields, then its `file` (as a browser sends one). */
  send: <T = unknown>(
    method: 'POST' | 'PUT',
    path: string,
    fields: Record<string, string>,
    file: { name: string; type: string; data: Buffer },
  ) => Promise<Envelope<T>>
  /** A GET answered by a file (an export, a ZIP): the response itself. */
  raw: (path: string) => Promise<Response>
}

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** Calls with a session's cookie (a browser context's, or a sign-in answer's). */
export function client(app: RunningApp, cookie: string): FormApiUser {
  return {
    async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload: Record<string, unknown> = {}) {
      const inQuery = method === 'GET' || method === 'DELETE'
      const query = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString()
      const res = await fetch(`${app.url}${path}${inQuery && query ? `?${query}` : ''}`, {
        method,
        headers: { cookie, origin: app.url, ...(inQuery ? {} : { 'content-type': 'application/json' }) },
        body: inQuery ? undefined : JSON.stringify(payload),
      })
      return (await res.json()) as Envelope<T>
    },
    async send<T>(
      method: 'POST' | 'PUT',
      path: string,
      fields: Record<string, string>,
      file: { name: string; type: string; data: Buffer },
    ) {
      const form = new FormData()
      for (const [k, v] of Object.entries(fields)) form.append(k, v)
      form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name)
      const res = await fetch(`${app.url}${path}`, { method, headers: { cookie, origin: app.url }, body: form })
      return (await res.json()) as Envelope<T>
    },
    raw: (path: string) => fetch(`${app.url}${path}`, { headers: { cookie, origin: app.url } }),
  }
}

/** A student signed in by SMS code through the API, as their app does. */
export async function studentApi(app: RunningApp, phone: string): Promise<FormApiUser> {
  const headers = { 'content-type': 'application/json', origin: app.url }
  const before = await lastSmsId(app, phone)
  const sent = (await (
    await fetch(`${app.url}/api/ums/user/user/sendVerify`, { method: 'POST', headers, body: JSON.stringify({ phone, type: '登录' }) })
  ).json()) as Envelope
  expect(sent.code, sent.message).toBe(0)
  const res = await fetch(`${app.url}/api/ums/user/user/signInByCode`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone, code: await smsCode(app, phone, before) }),
  })
  const body = (await res.json()) as Envelope
  expect(body.code, `student ${phone}: ${body.message}`).toBe(0)
  return client(app, cookieOf(res))
}

/** An operator signed in through the API; stepped up (身份验证 with the password) unless `stepUp: false`. */
export async function operatorApi(
  app: RunningApp,
  account: string,
  password = DEMO_PASSWORD,
  { stepUp = true }: { stepUp?: boolean } = {},
): Promise<FormApiUser> {
  const res = await fetch(`${app.url}/api/bms/system/admin/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ account, password }),
  })
  const body = (await res.json()) as Envelope
  expect(body.code, `operator ${account}: ${body.message}`).toBe(0)
  const operator = client(app, cookieOf(res))
  if (stepUp) {
    const stepped = await operator.call('POST', '/api/bms/system/stepUp/password', { password })
    expect(stepped.code, `step-up of ${account}: ${stepped.message}`).toBe(0)
  }
  return operator
}

export async function partnerApi(app: RunningApp, phone: string, password = DEMO_PASSWORD): Promise<ApiUser> {
  const res = await fetch(`${app.url}/api/ems/partner/client/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ phone, password }),
  })
  const body = (await res.json()) as Envelope
  expect(body.code, `partner ${phone}: ${body.message}`).toBe(0)
  return client(app, cookieOf(res))
}

/** The id of a position (岗位) by name, as an operator who may read the positions sees it. */
export async function positionId(api: ApiUser, name: string): Promise<number> {
  const positions = ok(await api.call<Array<{ id: number; name: string }>>('GET', '/api/bms/system/position/list'))
  const found = positions.find((p) => p.name === name)
  expect(found, `position ${name}`).toBeTruthy()
  return found!.id
}

export function ok<T>(answer: Envelope<T>): T {
  expect(answer.code, answer.message).toBe(0)
  return answer.data
}

/**
 * A partner as the partner app makes one: registered (SMS code from the local outbox), personal
 * info with an Alipay payout account, sign-up info; approved by 管理员 unless `approve` is false.
 */
export async function newPartner(
  app: RunningApp,
  { phone, realName, approve = true }: { phone: string; realName: string; approve?: boolean },
): Promise<{ id: number; code: string; api: ApiUser }> {
  await registerByApi(app, phone, DEMO_PASSWORD)
  const api = await partnerApi(app, phone)
  ok(
    await api.call('PUT', '/api/ems/partner/client/savePersonal', {
      realName,
      gender: '女',
      idCard: '110101199003078515',
      province: '浙江省',
      city: '杭州市',
      payoutType: '支付宝',
      payoutAccount: phone,
      payoutName: realName,
    }),
  )
  const profile = ok(
    await api.call<{ id: number; code: string }>('PUT', '/api/ems/partner/client/saveSignUp', {
      school: '浙江开放大学',
      major: '电子商务',
      discipline: '学历教育(大专)-电子商务(大专)',
      intakeYear: '2026',
      batch: '1期',
    }),
  )
  if (approve) {
    const admin = await operatorApi(app, ADMIN.account, ADMIN.password)
    ok(await admin.call('PUT', '/api/ems/partner/partner/audit', { id: profile.id, status: '已通过' }))
  }
  return { id: profile.id, code: profile.code, api }
}

/** Finance credits `fen` to the partner, then the partner applies to withdraw `fen`; the withdrawal's id. */
export async function pendingWithdrawal(app: RunningApp, partner: { id: number; api: ApiUser }, fen: number): Promise<number> {
  const finance = await operatorApi(app, 'finance')
  ok(await finance.call('POST', '/api/ems/partner/withdrawalRecord/adjust', { partnerId: partner.id, amount: fen, note: '测试入账' }))
  const w = ok(await partner.api.call<{ id: number }>('POST', '/api/ems/partner/withdrawalRecord/apply', { amount: fen }))
  return w.id
}
