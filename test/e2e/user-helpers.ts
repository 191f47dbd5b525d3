import type { Locator, Page } from '@playwright/test'
import { chooseInPicker, startApp, type Envelope, type RunningApp, expect, expectPresent } from './harness'

export const ADMIN = { account: 'e2eadmin', password: 'admin1234' }
export const DEMO_ACTIVE = { phone: '13800000000', password: 'demo1234' }
export const DEMO_PENDING = { phone: '13800000001', password: 'demo1234' }
/** The demo student (demo data): 林小雨, with courses, fees, notices and questions of her own. */
export const DEMO_STUDENT = { phone: '13900000000', name: '林小雨' }

/** `npm start`'s program over the H5 build of H5_DIR, with a known administrator and no per-IP limits (one IP runs every test). */
export function startUserApp(env: Record<string, string> = {}): Promise<RunningApp> {
  return startApp({ RATE_LIMIT: 'off', ADMIN_ACCOUNT: ADMIN.account, ADMIN_PASSWORD: ADMIN.password, ...env })
}

async function json<T>(res: Response): Promise<Envelope<T>> {
  return (await res.json()) as Envelope<T>
}

const form = (body: Record<string, string | number>) => new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

/** The newest id in the phone's outbox (0 when empty), to tell a new message from older ones. */
export async function lastSmsId(app: RunningApp, phone: string): Promise<number> {
  const { data } = await json<Array<{ id: number }>>(await fetch(`${app.url}/api/dev/smsOutbox?phone=${phone}`))
  return data[0]?.id ?? 0
}

/** The code of the first message to `phone` newer than `after`, waiting for it to arrive. */
export async function smsCode(app: RunningApp, phone: string, after: number): Promise<string> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const { data } = await json<Array<{ id: number; code: string | null }>>(await fetch(`${app.url}/api/dev/smsOutbox?phone=${phone}`))
    const fresh = data.find((m) => m.id > after && m.code)
    if (fresh?.code) return fresh.code
    if (Date.now() > deadline) throw new Error(`no SMS code reached ${phone}`)
    await new Promise((r) => setTimeout(r, 150))
  }
}

/** Registers a partner straight through the API (code from the outbox); returns the phone. */
export async function registerByApi(app: RunningApp, phone: string, password: string): Promise<void> {
  const before = await lastSmsId(app, phone)
  const sent = await json(
    await fetch(`${app.url}/api/ums/user/user/sendVerify`, { method: 'POST', headers: FORM, body: form({ phone, type: '注册' }) }),
  )
  expect(sent.code, sent.message).toBe(0)
  const code = await smsCode(app, phone, before)
  const res = await json(
    await fetch(`${app.url}/api/ems/partner/client/register`, { method: 'POST', headers: FORM, body: form({ phone, code, password }) }),
  )
  expect(res.code, res.message).toBe(0)
}

/** An operator's calls, signed in as the administrator. */
export async function operator(app: RunningApp) {
  const res = await fetch(`${app.url}/api/bms/system/admin/signIn`, { method: 'POST', headers: FORM, body: form(ADMIN) })
  const body = await json(res)
  expect(body.code, body.message).toBe(0)
  const cookie = (res.headers.getSetCookie?.() ?? [res.headers.get('set-cookie') ?? '']).map((c) => c.split(';')[0]).join('; ')
  const headers = { ...FORM, cookie }
  return {
    async partnerId(phone: string): Promise<number> {
      const list = await json<{ list: Array<{ id: number; phone: string }> }>(
        await fetch(`${app.url}/api/ems/partner/partner/list?keyword=${phone}`, { headers }),
      )
      const found = list.data.list.find((p) => p.phone === phone)
      expectPresent(found, `no partner ${phone}`)
      return found.id
    },
    async audit(id: number, status: '已通过' | '已拒绝' | '已禁用', reason?: string) {
      const res = await json(
        await fetch(`${app.url}/api/ems/partner/partner/audit`, {
          method: 'PUT',
          headers,
          body: form({ id, status, ...(reason ? { reason } : {}) }),
        }),
      )
      expect(res.code, res.message).toBe(0)
    },
  }
}

// ---------------------------------------------------------------------------------------------
// On the screens

/** The visible one of a selector (Taro keeps earlier pages of the stack in the document, hidden). */
export function visible(page: Page, selector: string, hasText?: string | RegExp): Locator {
  return page.locator(`${selector}:visible`, hasText ? { hasText } : undefined).first()
}

/** The input of a form row (`.user-form__row--<name>`). */
export function field(page: Page, name: string): Locator {
  return visible(page, `.user-form__row--${name} input`)
}

export async function fill(page: Page, name: string, value: string): Promise<void> {
  await field(page, name).fill(value)
}

/** The message under a form row, or '' when it has none. */
export async function rowError(page: Page, name: string): Promise<string> {
  const error = page.locator(`.user-form__row--${name}:visible .user-form__error`)
  return (await error.count()) ? ((await error.first().textContent()) ?? '').trim() : ''
}

/** Waits for a toast holding `text`. */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await visible(page, '.app-toast', text).waitFor({ timeout: 15_000 })
}

/** Waits for the page of `path` to show its title. */
export async function onPage(page: Page, path: string, title: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 30_000 })
  await visible(page, '.page__title', title).waitFor({ timeout: 30_000 })
}

/** Waits for the home page (the default after login). */
export async function onHome(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/pages/tabBar/home', { timeout: 30_000 })
  await visible(page, '.page__title', '首页').waitFor({ timeout: 30_000 })
}

/** Presses the code button of the row and returns the code texted to `phone`. */
export async function requestCode(page: Page, app: RunningApp, phone: string): Promise<string> {
  const before = await lastSmsId(app, phone)
  await visible(page, '.user-form__row--code .app-code-input__button').click()
  const code = await smsCode(app, phone, before)
  await visible(page, '.app-code-input__button--counting').waitFor()
  return code
}

export async function agree(page: Page): Promise<void> {
  const box = visible(page, '.user-consent__toggle')
  if ((await box.getAttribute('aria-checked')) !== 'true') await box.click()
}

/** Signs in on the login page (already open) by phone and password. */
export async function signInWithPassword(page: Page, phone: string, password: string): Promise<void> {
  await fill(page, 'phone', phone)
  await fill(page, 'password', password)
  await agree(page)
  await visible(page, '.user-login__submit').click()
}

/** Signs a student in on the student login page (pages/student/login) with the SMS code texted to `phone`; home shows. */
export async function signInStudentOnPage(page: Page, app: RunningApp, phone: string): Promise<void> {
  await page.goto(`${app.url}/pages/student/login`)
  await onPage(page, '/pages/student/login', '学员登录')
  await fill(page, 'phone', phone)
  await fill(page, 'code', await requestCode(page, app, phone))
  await agree(page)
  await visible(page, '.student-login__submit').click()
  await onHome(page)
}

/** Chooses values in the platform picker of a form row, column by column, then confirms. */
export async function pick(page: Page, rowName: string, choices: string[]): Promise<void> {
  await visible(page, `.user-form__row--${rowName} .app-picker-field`).click()
  await chooseInPicker(page, choices)
}
