import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, screenshot, type RunningApp, expect, test, phoneScreen } from './harness'
import { ADMIN, ok, operatorApi } from './office-support'
import { onPage, signInStudentOnPage, startUserApp, visible } from './user-helpers'

// One app server for the file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * Issue 41's face-to-face check-in on H5 (375×667) against the real back-office with the demo data:
 * the office plans a session of 林小雨's class starting a minute ago; 王老师's phone shows its
 * rotating code (the test reads it from the screen); 林小雨 sees it in 我的课表 and opens the QR
 * code's address with that code: 出勤. With the late mark moved to the start, 陈晓明 scans next: 迟到.
 * The demo's past weekly session shows her approved leave as 请假 and his absence as 缺勤, and the
 * head teacher's workbench lists him at risk. The rules (windows, codes, races, statistics) are the
 * server's tests; the night class's check-in is night-student.test.ts.
 */
const TEACHER = { account: 'headteacher', password: 'demo1234', name: '王老师' }
const COURSE = `面授E2E${Date.now() % 100000}`

/** Beijing's wall clock (date and HH:MM) `minutes` from now. */
function beijing(minutes: number) {
  const t = new Date(Date.now() + minutes * 60_000 + 8 * 3600_000).toISOString()
  return { date: t.slice(0, 10), time: t.slice(11, 16) }
}

interface Week {
  sessions: Array<{ id: number; course: string; date: string; startTime: string; counts: { total: number } }>
}

test.describe('课表与考勤：老师手机上的签到码，学员扫码出勤与迟到，请假与缺勤，考勤预警', () => {
  let app: RunningApp
  let browser: Browser
  let teacherPhone: BrowserContext
  let teacherPage: Page
  let sessionId: number
  let pastSessionId: number

  test.beforeAll(async () => {
    app = await startUserApp()
    browser = await launchBrowser()
    // The teacher's phone, signed in through the API (教职工登录's form is staff-approvals' journey).
    const res = await fetch(`${app.url}/api/bms/system/admin/signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ account: TEACHER.account, password: TEACHER.password }),
    })
    expect(((await res.json()) as { code: number }).code).toBe(0)
    teacherPhone = await phoneScreen(browser, { timezoneId: 'Asia/Shanghai' })
    await teacherPhone.addCookies(
      res.headers.getSetCookie().map((c) => {
        const [name, value] = c.split(';')[0]!.split('=') as [string, string]
        return { name, value, url: app.url }
      }),
    )
    teacherPage = await teacherPhone.newPage()
  })
  test.afterAll(async () => {
    await teacherPhone?.close()
    await browser?.close()
    await app?.stop()
  })

  test('the office plans a session that started a minute ago; the teacher’s phone shows its code', async () => {
    const office = await operatorApi(app, 'office')
    const options = ok(
      await office.call<{ teachers: Array<{ id: number; name: string }>; classes: Array<{ id: number; name: string }> }>(
        'GET',
        '/api/zms/attendance/attendanceCourse/options',
      ),
    )
    const start = beijing(-1)
    const end = beijing(89)
    ok(
      await office.call('POST', '/api/zms/attendance/attendanceCourse/save', {
        classId: options.classes[0]!.id,
        course: COURSE,
        teacherId: options.teachers.find((t) => t.name === TEACHER.name)!.id,
        startTime: start.time,
        // A session is within a day: one planned a minute before midnight ends at 23:59.
        endTime: end.date === start.date ? end.time : '23:59',
        firstDate: start.date,
        place: '教学楼C301',
      }),
    )
    const head = await operatorApi(app, TEACHER.account, TEACHER.password)
    const week = ok(await head.call<Week>('GET', '/api/zms/attendance/attendance/lists', { date: start.date }))
    sessionId = week.sessions.find((s) => s.course === COURSE)!.id

    await teacherPage.goto(`${app.url}/pages/staff/sessions?date=${start.date}`)
    await onPage(teacherPage, '/pages/staff/sessions', '课表点名')
    await visible(teacherPage, '.staff-lesson', COURSE).click()
    await onPage(teacherPage, '/pages/staff/session', '签到与点名')
    await expect(teacherPage.getByTestId('attendance-code').filter({ visible: true })).toHaveText(/^\d{6}$/, { timeout: 30_000 })
    await screenshot(teacherPage, 'attendance-teacher-code')
  })

  /** The code the teacher's phone shows now, read from its screen. */
  const codeOnScreen = async () => {
    const code = teacherPage.getByTestId('attendance-code').filter({ visible: true })
    await expect(code).toHaveText(/^\d{6}$/, { timeout: 30_000 })
    return (await code.innerText()).trim()
  }

  async function student(phone: string) {
    const context = await phoneScreen(browser, { timezoneId: 'Asia/Shanghai' })
    const page = await context.newPage()
    await signInStudentOnPage(page, app, phone)
    return { context, page }
  }

  test('林小雨 sees the session in 我的课表 and scans the code on the screen: 出勤', async () => {
    const { context, page } = await student('13900000000')
    try {
      await page.goto(`${app.url}/pages/student/timetable`)
      await onPage(page, '/pages/student/timetable', '我的课表')
      const card = visible(page, '.timetable-card', COURSE)
      await expect(card.locator('.timetable-card__note--open')).toContainText('签到中', { timeout: 30_000 })
      await screenshot(page, 'attendance-timetable')

      // Her camera opens the QR code's address: the session and the code of the moment.
      await page.goto(`${app.url}/pages/student/attend?s=${sessionId}&t=${await codeOnScreen()}`)
      await onPage(page, '/pages/student/attend', '课堂签到')
      const done = page.getByTestId('attend-done').filter({ visible: true })
      await expect(done).toContainText('出勤', { timeout: 30_000 })
      await expect(done).toContainText(COURSE)
      await screenshot(page, 'attendance-punched')

      // A stale or forged code is refused in words (her record stays).
      await page.goto(`${app.url}/pages/student/attend?s=${sessionId}&t=000000`)
      await expect(page.getByTestId('attend-done').filter({ visible: true })).toContainText('出勤', { timeout: 30_000 })

      await page.goto(`${app.url}/pages/student/timetable`)
      await expect(visible(page, '.timetable-card', COURSE).locator('.timetable-tag').first()).toHaveText('出勤', { timeout: 30_000 })
    } finally {
      await context.close()
    }
  })

  test('after the late mark 陈晓明 scans: 迟到; the teacher’s roll call shows both', async () => {
    const admin = await operatorApi(app, ADMIN.account, ADMIN.password)
    // The late mark moved to the start, which has passed: the next scan comes after it.
    ok(await admin.call('PUT', '/api/bms/develop/config/settings', { 'attendance.lateMinutes': 0 }))
    const { context, page } = await student('13800000000')
    try {
      await page.goto(`${app.url}/pages/student/attend?s=${sessionId}&t=${await codeOnScreen()}`)
      await expect(page.getByTestId('attend-done').filter({ visible: true })).toContainText('迟到', { timeout: 30_000 })
    } finally {
      await context.close()
      ok(await admin.call('PUT', '/api/bms/develop/config/settings', { 'attendance.lateMinutes': 10 }))
    }
    await teacherPage.reload()
    const row = (name: string) => visible(teacherPage, '.staff-roll__row', name).locator('.staff-roll__status')
    await expect(row('林小雨')).toHaveText('出勤', { timeout: 30_000 })
    await expect(row('陈晓明')).toHaveText('迟到')
    await screenshot(teacherPage, 'attendance-roll-call')
  })

  test('the demo’s past session: her approved leave is 请假, his absence 缺勤; the workbench lists him at risk', async () => {
    const head = await operatorApi(app, TEACHER.account, TEACHER.password)
    const leaveDay = beijing(-5 * 24 * 60).date
    const week = ok(await head.call<Week>('GET', '/api/zms/attendance/attendance/lists', { date: leaveDay }))
    pastSessionId = week.sessions.find((s) => s.date === leaveDay && s.startTime === '19:00')!.id
    await teacherPage.goto(`${app.url}/pages/staff/session?id=${pastSessionId}`)
    await onPage(teacherPage, '/pages/staff/session', '签到与点名')
    const row = (name: string) => visible(teacherPage, '.staff-roll__row', name)
    await expect(row('林小雨').locator('.staff-roll__status')).toHaveText('请假', { timeout: 30_000 })
    await expect(row('林小雨')).toContainText('已请假')
    await expect(row('陈晓明').locator('.staff-roll__status')).toHaveText('缺勤')
    await screenshot(teacherPage, 'attendance-past-session')

    await teacherPage.goto(`${app.url}/pages/staff/index`)
    const risk = visible(teacherPage, '.staff-home__risk')
    await expect(risk).toContainText('考勤预警', { timeout: 30_000 })
    await expect(risk.locator('.staff-home__risk-row', { hasText: '陈晓明' })).toContainText('100%')
    await risk.scrollIntoViewIfNeeded()
    await screenshot(teacherPage, 'attendance-at-risk')
  })
})
