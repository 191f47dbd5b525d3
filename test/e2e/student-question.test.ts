import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, screenshot, type RunningApp, expect, test, phoneScreen, pageApi, type Envelope } from './harness'
import { desktopContext, settled, signInConsole, rowWith, openConsole, DEMO_PASSWORD } from './office-support'
import { onHome, onPage, startUserApp, toast, visible, signInStudentOnPage } from './user-helpers'

// One app server for the file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * Issue 24's 答疑 end to end, in a real Chromium against the real back-office with the demo data:
 * the demo student (375×667) asks about a course of theirs with a picture; the demo 招生老师 answers
 * in the console (1366×768); the student sees the unread badge on home, reads the reply (the badge
 * goes), follows up (待回复 again, back in the teacher's queue) and closes the question.
 */
const STUDENT = { phone: '13900000000', name: '林小雨' }
const COURSE = '高等数学（一）'
const TITLE = '等价无穷小什么时候可以替换'
const REPLY = '乘除的因子可以直接替换，加减时要小心。'

// A real 2×2 PNG (the server checks the bytes).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
)

test.describe('答疑：学员提问，老师在后台回复，学员阅读、追问、关闭', () => {
  let app: RunningApp
  let browser: Browser
  let phone: BrowserContext
  let desk: BrowserContext
  let page: Page
  let office: Page
  let questionId = 0
  // The demo student's unread replies before the teacher answers (the demo data holds one).
  let unreadBefore = 0

  test.beforeAll(async () => {
    app = await startUserApp()
    browser = await launchBrowser()
    phone = await phoneScreen(browser)
    page = await phone.newPage()
    desk = await desktopContext(browser)
    office = await desk.newPage()
  })
  test.afterAll(async () => {
    await phone?.close()
    await desk?.close()
    await browser?.close()
    await app?.stop()
  })

  const api = <T>(path: string) => pageApi<T>(page, app, path)

  test('the student asks about a course of theirs from its page, with a picture', async () => {
    await signInStudentOnPage(page, app, STUDENT.phone)
    await visible(page, '.student-entries__item--question').waitFor({ timeout: 30_000 })
    // Home's 答疑 badge shows what the server counts (the demo data holds one unread reply).
    const unread = (await api<{ count: number }>('/api/sms/study/studentQuestion/unreadCountForClient')).count
    const badge = page.locator('.student-entries__item--question .student-entries__badge:visible')
    if (unread === 0) await expect(badge).toHaveCount(0)
    else await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe(String(unread))

    const mine = await api<{ list: Array<{ courseId: number; title: string }> }>(
      '/api/sms/study/join/listStudentOnlineCourseForClient?page=1&size=100',
    )
    const course = mine.list.find((c) => c.title === COURSE)
    expect(course, `${STUDENT.name} is on ${COURSE}`).toBeTruthy()
    await page.goto(`${app.url}/pages/study/courseDetail?id=${course!.courseId}`)
    await onPage(page, '/pages/study/courseDetail', '课程详情')
    await visible(page, '.course-tools__item--ask', '提问').click()

    await onPage(page, '/pages/study/question', '答疑')
    await visible(page, '.question-ask').waitFor()
    await expect.poll(() => visible(page, '.user-form__row--course .app-picker-field').textContent(), { timeout: 15_000 }).toContain(COURSE)
    await visible(page, '.user-form__row--title input').fill(TITLE)
    await visible(page, '.user-form__row--content textarea').fill('例题2里 x 趋于 0 时，分子是 sin x - x，为什么不能替换？')
    const chooser = page.waitForEvent('filechooser')
    await visible(page, '.image-picker__add').click()
    await (await chooser).setFiles({ name: '例题.png', mimeType: 'image/png', buffer: PNG })
    await visible(page, '.image-picker__item').waitFor({ timeout: 15_000 })
    await expect(visible(page, '.image-picker__count')).toHaveText('1/6')
    await screenshot(page, 'question-ask')
    await visible(page, '.question-ask__submit').click()

    await onPage(page, '/pages/study/questionDetail', '答疑详情')
    questionId = Number(new URL(page.url()).searchParams.get('id'))
    await visible(page, '.question-detail__title', TITLE).waitFor({ timeout: 30_000 })
    await expect(visible(page, '.question-tag')).toHaveText('待回复')
    // The picture is served to its owner by its signed address.
    const image = visible(page, '.question-post__image img')
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(2)
    await screenshot(page, 'question-detail-asked')
  })

  test('the teacher finds it first in the console queue and answers it', async () => {
    unreadBefore = (await api<{ count: number }>('/api/sms/study/studentQuestion/unreadCountForClient')).count
    await signInConsole(office, app, 'teacher', DEMO_PASSWORD)
    await openConsole(office, app, '/student-questions')
    const row = rowWith(office, TITLE)
    await row.waitFor({ timeout: 30_000 })
    await expect(row).toContainText(STUDENT.name)
    await expect(row).toContainText('待回复')
    await screenshot(office, 'console-questions')
    await row.getByText(TITLE).click()

    const drawer = office.locator('.ant-drawer-content')
    await drawer.getByText('例题2里').waitFor({ timeout: 15_000 })
    await expect(drawer.locator('[data-testid=question-post] img')).toHaveCount(1)
    await drawer.getByLabel('回复内容').fill(REPLY)
    await drawer.getByRole('button', { name: /^回\s*复$/ }).click()
    await office.getByText('已回复，学员会收到提醒').waitFor({ timeout: 15_000 })
    await expect.poll(() => drawer.locator('[data-testid=question-post]').count()).toBe(2)
    await screenshot(office, 'console-question-answered')
    await drawer.locator('.ant-drawer-close').click()
    await settled(office)
    await expect.poll(() => rowWith(office, TITLE).textContent(), { timeout: 15_000 }).toContain('已回复')
  })

  test('the student sees the unread badge on home, reads the reply and the badge goes', async () => {
    await page.goto(`${app.url}/pages/tabBar/home`)
    await onHome(page)
    const badge = page.locator('.student-entries__item--question .student-entries__badge:visible')
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe(String(unreadBefore + 1))
    await screenshot(page, 'question-home-badge')
    await visible(page, '.student-entries__item--question').click()

    await onPage(page, '/pages/study/question', '答疑')
    const item = visible(page, '.question-item', TITLE)
    await item.waitFor({ timeout: 30_000 })
    await expect(item.locator('.question-item__dot')).toHaveCount(1)
    await expect(item.locator('.question-tag')).toHaveText('已回复')
    await screenshot(page, 'question-list')
    await item.click()

    await onPage(page, '/pages/study/questionDetail', '答疑详情')
    await visible(page, '.question-post--teacher').waitFor({ timeout: 30_000 })
    await expect(visible(page, '.question-post--teacher .question-post__content')).toHaveText(REPLY)
    await expect(visible(page, '.question-post--teacher .question-post__who')).toContainText('老师')
    await screenshot(page, 'question-detail-replied')
    await expect
      .poll(async () => (await api<{ count: number }>('/api/sms/study/studentQuestion/unreadCountForClient')).count, { timeout: 15_000 })
      .toBe(unreadBefore)
  })

  test('the student follows up (待回复 again, back in the queue) and closes the question', async () => {
    await visible(page, '.question-reply__input textarea, textarea.question-reply__input').fill('那分子是 tan x - sin x 呢？')
    await visible(page, '.question-reply__send').click()
    await toast(page, '已发送')
    await expect.poll(() => page.locator('.question-post:visible').count()).toBe(3)
    await expect(visible(page, '.question-tag')).toHaveText('待回复')

    await office.reload()
    await settled(office)
    await expect.poll(() => rowWith(office, TITLE).textContent(), { timeout: 15_000 }).toContain('待回复')

    await visible(page, '.question-reply__close').click()
    await visible(page, '.app-dialog__confirm').click()
    await visible(page, '.question-closed', '你已关闭该提问').waitFor({ timeout: 15_000 })
    await expect(visible(page, '.question-tag')).toHaveText('已关闭')
    await expect(page.locator('.question-reply:visible')).toHaveCount(0)
    await screenshot(page, 'question-closed')

    // A follow-up on a closed question is refused.
    const refused = await page.request.post(`${app.url}/api/sms/study/studentQuestion/answerForClient`, {
      form: { id: String(questionId), content: '还有一个问题' },
    })
    expect(refused.status()).toBe(409)
    expect(((await refused.json()) as Envelope<null>).message).toBe('该提问已关闭')
  })
})
