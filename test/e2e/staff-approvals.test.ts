import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, screenshot, type RunningApp, expect, test, phoneScreen } from './harness'
import { ok } from './office-support'
import { DEMO_STUDENT, agree, lastSmsId, onPage, smsCode, startUserApp, visible } from './user-helpers'

// One app server for the file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * 教职工 on H5 (375×667) against the real back-office with the demo data: 林小雨 asks for leave
 * (through the API, as her app does); her head teacher 王老师 signs in at 教职工登录 (the form:
 * this is its journey), sees 待我审批 with the server's count, opens the new leave, approves it and
 * sees 已通过; the student's own details then say 已通过. The rules (who may decide, acting once)
 * are the server's tests.
 */
const HEAD_TEACHER = { account: 'headteacher', password: 'demo1234', name: '王老师' }

/** The office's wall-clock date `days` from today (YYYY-MM-DD). */
function officeDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + days * 86_400_000))
}

interface Answer<T> {
  code: number
  message: string
  data: T
}

/** The demo student signed in by SMS code, as her app does: JSON calls with that cookie. */
async function studentApi(app: RunningApp, phone: string) {
  const headers = { 'content-type': 'application/json', origin: app.url }
  const before = await lastSmsId(app, phone)
  const sent = (await (
    await fetch(`${app.url}/api/ums/user/user/sendVerify`, { method: 'POST', headers, body: JSON.stringify({ phone, type: '登录' }) })
  ).json()) as Answer<unknown>
  expect(sent.code, sent.message).toBe(0)
  const res = await fetch(`${app.url}/api/ums/user/user/signInByCode`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone, code: await smsCode(app, phone, before) }),
  })
  const signed = (await res.json()) as Answer<unknown>
  expect(signed.code, signed.message).toBe(0)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return async <T>(method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>): Promise<Answer<T>> => {
    const answer = await fetch(`${app.url}${path}`, {
      method,
      headers: { ...headers, cookie },
      body: payload ? JSON.stringify(payload) : undefined,
    })
    return (await answer.json()) as Answer<T>
  }
}

interface LeaveAnswer {
  leave: { id: number; status: string }
  approval: { id: number; title: string; status: string }
}

test.describe('教职工 on the phone: the head teacher approves a leave', () => {
  let app: RunningApp
  let browser: Browser
  let phone: BrowserContext
  let page: Page
  let student: Awaited<ReturnType<typeof studentApi>>
  let applied: LeaveAnswer

  test.beforeAll(async () => {
    app = await startUserApp()
    browser = await launchBrowser()
    phone = await phoneScreen(browser, { timezoneId: 'Asia/Shanghai' })
    page = await phone.newPage()
  })
  test.afterAll(async () => {
    await phone?.close()
    await browser?.close()
    await app?.stop()
  })

  test('林小雨 asks for a day of leave through her app', async () => {
    student = await studentApi(app, DEMO_STUDENT.phone)
    applied = ok(
      await student<LeaveAnswer>('POST', '/api/zms/approval/leave/apply', {
        type: '事假',
        startDate: officeDay(30),
        startHalf: '上午',
        endDate: officeDay(30),
        endHalf: '下午',
        reason: '家中有事E2E',
        pictures: [],
      }),
    )
    expect(applied.approval.status).toBe('审批中')
  })

  test('王老师 signs in at 教职工登录, sees 待我审批 with its count, approves the leave and sees 已通过', async () => {
    await page.goto(`${app.url}/pages/staff/login`)
    await onPage(page, '/pages/staff/login', '教职工登录')
    await visible(page, '.user-form__row--account input').fill(HEAD_TEACHER.account)
    await visible(page, '.user-form__row--password input').fill(HEAD_TEACHER.password)
    await agree(page)
    await screenshot(page, 'staff-login')
    await visible(page, '.staff-login__submit').click()

    await onPage(page, '/pages/staff/index', '工作台')
    await expect(visible(page, '.staff-home__name')).toHaveText(HEAD_TEACHER.name)
    // What the server counts as waiting for 王老师 (the new leave and the demo data's other one).
    const count = (
      await page.evaluate(async () => (await (await fetch('/api/zms/approval/approval/count')).json()) as Answer<{ waiting: number }>)
    ).data.waiting
    expect(count).toBeGreaterThanOrEqual(2)
    await expect(visible(page, '.staff-home__approvals .staff-home__badge')).toHaveText(String(count))
    await expect(visible(page, '.staff-home__class-name')).toHaveText('2026年1期 工商管理（本科）1班')
    await screenshot(page, 'staff-home')

    await visible(page, '.staff-home__approvals').click()
    await onPage(page, '/pages/staff/approvals', '审批')
    await expect(visible(page, '.staff-approvals-tabs__item--waiting .staff-approvals-tabs__badge')).toHaveText(String(count))
    await expect(page.locator('.staff-approval:visible')).toHaveCount(count)
    await screenshot(page, 'staff-approvals')
    await visible(page, '.staff-approval', applied.approval.title).click()

    await onPage(page, '/pages/staff/approvalDetail', '审批详情')
    await expect(visible(page, '.staff-detail__title')).toHaveText(applied.approval.title)
    await expect(visible(page, '.staff-detail__status')).toHaveText('审批中')
    await visible(page, '.staff-decide__choice--approve').click()
    await screenshot(page, 'staff-approval-detail')
    await visible(page, '.staff-decide__confirm').click()
    await expect(visible(page, '.staff-detail__status')).toHaveText('已通过', { timeout: 30_000 })
    await expect(visible(page, '.staff-step__actor')).toContainText(`${HEAD_TEACHER.name} 同意`)
    await expect(page.locator('.staff-decide:visible')).toHaveCount(0)
    await screenshot(page, 'staff-approval-approved')
  })

  test("the student's own details say 已通过", async () => {
    const details = ok(await student<LeaveAnswer>('GET', `/api/zms/approval/leave/details?id=${applied.leave.id}`))
    expect(details.leave.status).toBe('已通过')
    expect(details.approval.status).toBe('已通过')
  })
})
