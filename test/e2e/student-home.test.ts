import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, phoneContext, screenshot, transitionsEnded, type RunningApp, expect, test } from './harness'
import {
  DEMO_ACTIVE,
  DEMO_PENDING,
  agree,
  fill,
  onHome,
  onPage,
  requestCode,
  signInWithPassword,
  startUserApp,
  visible,
} from './user-helpers'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * Issue 22 in a real Chromium at 375×667 against the real back-office with the demo data: home
 * for a signed-out visitor (the public entrance), the student's SMS sign-in and their part of
 * home, a partner's phone on the student login, the demo partner who is also a student (the
 * 学员 | 合伙人 switch, remembered across a reload), and sign-out.
 */
const STUDENT = { phone: '13900000000', name: '林小雨', school: '浙江工商大学' }

test.describe('home for everyone and the student login', () => {
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext
  let page: Page

  test.beforeAll(async () => {
    app = await startUserApp()
    browser = await launchBrowser()
  })

  test.afterAll(async () => {
    await context?.close()
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

  /** The student's unread notices, as the server counts them for the session of this page. */
  async function unreadNotices(): Promise<number> {
    const res = await page.request.get(`${app.url}/api/ums/user/user/person`)
    return ((await res.json()) as { data: { student: { unreadNotices: number } } }).data.student.unreadNotices
  }

  test('shows a signed-out visitor the public entrance instead of the partner login', async () => {
    await open('/')
    await onHome(page)
    await visible(page, '.home-public').waitFor({ timeout: 30_000 })
    // Home stays home: no trip to a login page.
    expect(['/', '/pages/tabBar/home']).toContain(new URL(page.url()).pathname)
    await expect(page.locator('.home-public__login:visible')).toHaveText(['学员登录', '合伙人登录'])
    await expect(page.locator('.home-public__label:visible')).toHaveText(['活动', '志愿查询', 'APP下载'])
    await expect(page.locator('.home-signout:visible')).toHaveCount(0)
    await screenshot(page, 'student-home-public')

    await visible(page, '.home-public__entry--volunteer').click()
    await onPage(page, '/pages/user/volunteer', '志愿查询')
  })

  test('signs the student in with an SMS code and shows their header info and unread notices', async () => {
    await open('/')
    await visible(page, '.home-public__login--student').click()
    await onPage(page, '/pages/student/login', '学员登录')
    await visible(page, '.user-auth-header__title', '学员登录').waitFor()
    await screenshot(page, 'student-login')

    await fill(page, 'phone', STUDENT.phone)
    const code = await requestCode(page, app, STUDENT.phone)
    expect(await visible(page, '.user-form__row--code .user-form__hint').innerText()).toMatch(/已发送至 139\*\*\*\*0000/)
    await fill(page, 'code', code)
    await agree(page)
    await visible(page, '.student-login__submit').click()
    await onHome(page)

    await visible(page, '.student-head').waitFor({ timeout: 30_000 })
    await expect(visible(page, '.student-head__name')).toHaveText(STUDENT.name)
    await expect(visible(page, '.student-head__school')).toHaveText(STUDENT.school)
    await expect(visible(page, '.student-head__major')).toHaveText('工商管理（本科）')
    await expect(visible(page, '.student-head__discipline')).toHaveText('管理学-工商管理类')
    await expect(visible(page, '.student-head__batch')).toHaveText('2026年1期 · 专升本')
    await expect(visible(page, '.student-head__status')).toHaveText('在读')
    await expect(page.locator('.student-entries__label:visible')).toHaveText([
      '课程',
      '我的课程',
      '直播课表',
      '章节练习',
      '考试',
      '错题本',
      '答疑',
      '我的缴费',
      '我的积分',
      '夜校',
      '我的课表',
      '通知公告',
      '我的学籍',
    ])
    const unread = await unreadNotices()
    expect(unread).toBeGreaterThan(0)
    await expect(visible(page, '.student-entries__item--notice .student-entries__badge')).toHaveText(String(unread))
    // One line per thing to do: the unread notices, the demo's unpaid tuition, the demo teacher's reply to 林小雨's question.
    await expect
      .poll(() => page.locator('.student-todo__text:visible').allTextContents())
      .toEqual([`你有 ${unread} 条未读通知`, '你有 1 笔费用待缴纳', '老师回复了你的 1 个提问'])
    // A student only: no switch, no partner figures.
    await expect(page.locator('.home-switch:visible')).toHaveCount(0)
    await expect(page.locator('.home-wallet:visible')).toHaveCount(0)
    await screenshot(page, 'student-home-student')

    // Opening the student login again while signed in goes home.
    await page.goto(`${app.url}/pages/student/login`)
    await onHome(page)
  })

  test("tells a partner's phone on the student login that it is not a student's, and offers the partner login", async () => {
    await open('/pages/student/login?from=%2Fpages%2Fuser%2Fvolunteer')
    await onPage(page, '/pages/student/login', '学员登录')
    await fill(page, 'phone', DEMO_PENDING.phone)
    const code = await requestCode(page, app, DEMO_PENDING.phone)
    await fill(page, 'code', code)
    await agree(page)
    await visible(page, '.student-login__submit').click()
    const refusal = visible(page, '.student-login__refusal')
    await refusal.waitFor({ timeout: 15_000 })
    await expect(visible(page, '.student-login__refusal-text')).toHaveText('该手机号未登记为学员；您是合伙人，请使用合伙人登录')
    await expect(visible(page, '.student-login__refusal-action')).toHaveText('去合伙人登录')
    expect(new URL(page.url()).pathname).toBe('/pages/student/login')
    // The message stays on the page after the toast that also said it has gone.
    await page.locator('.app-toast:visible').waitFor({ state: 'hidden', timeout: 5_000 })
    await screenshot(page, 'student-login-partner-phone')

    await visible(page, '.student-login__refusal-action').click()
    await onPage(page, '/pages/user/login', '合伙人登录')
    expect(new URL(page.url()).searchParams.get('from')).toBe('/pages/user/volunteer')
  })

  test('gives the demo partner who is also a student a 学员 | 合伙人 switch, and remembers the choice across a reload', async () => {
    await open('/pages/user/login')
    await onPage(page, '/pages/user/login', '合伙人登录')
    await signInWithPassword(page, DEMO_ACTIVE.phone, DEMO_ACTIVE.password)
    await onHome(page)
    // The partner's home as before, under the switch.
    await visible(page, '.home-switch').waitFor({ timeout: 30_000 })
    await expect(page.locator('.home-switch__item:visible')).toHaveText(['学员', '合伙人'])
    await expect(visible(page, '.home-switch__item--active')).toHaveText('合伙人')
    await visible(page, '.home-wallet__amount').waitFor({ timeout: 30_000 })
    await screenshot(page, 'student-home-both-partner')

    await visible(page, '.home-switch__item--student').click()
    await visible(page, '.student-head').waitFor()
    await expect(visible(page, '.home-switch__item--active')).toHaveText('学员')
    await expect(visible(page, '.student-head__name')).toHaveText('陈晓明')
    await expect(visible(page, '.student-head__school')).toHaveText('国家开放大学')
    await expect(page.locator('.home-wallet:visible')).toHaveCount(0)
    await screenshot(page, 'student-home-both-student')

    await page.reload()
    await onHome(page)
    await visible(page, '.student-head').waitFor({ timeout: 30_000 })
    await expect(visible(page, '.home-switch__item--active')).toHaveText('学员')
    await expect(page.locator('.home-wallet:visible')).toHaveCount(0)
  })

  test('signs out from home (the server forgets the session) and shows the public entrance again', async () => {
    // Still the demo partner's page, on the student part.
    await visible(page, '.home-signout').click()
    await page.locator('.app-dialog .app-dialog__text', { hasText: '确定要退出登录吗？' }).waitFor()
    await transitionsEnded(page.locator('.app-dialog', { hasText: '确定要退出登录吗？' }))
    const signOut = page.waitForRequest((r) => r.method() === 'DELETE' && new URL(r.url()).pathname.endsWith('/signOut'))
    await page.locator('.app-dialog__confirm').click()
    const req = await signOut
    expect(new URL(req.url()).searchParams.get('unbind')).toBe('是')
    await onPage(page, '/pages/student/login', '学员登录')
    const res = await page.request.get(`${app.url}/api/ums/user/user/person`)
    expect(((await res.json()) as { code: number }).code).toBe(100000004)

    await page.goto(`${app.url}/`)
    await visible(page, '.home-public').waitFor({ timeout: 30_000 })
  })
})
