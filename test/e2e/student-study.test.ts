import type { Browser, BrowserContext, Page } from '@playwright/test'
import { launchBrowser, screenshot, type RunningApp, expect, test, phoneScreen, pageApi, WECHAT_UA } from './harness'
import { onHome, onPage, startUserApp, visible, signInStudentOnPage } from './user-helpers'

// One app server for the file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * Issue 23 in a real Chromium at 375×667 against the real back-office with the demo data: the
 * demo student signs in, finds a course in the catalogue, buys it (inside WeChat's browser, where
 * H5 pays; the sandbox provider completes the payment by itself and only its notification enrols),
 * finds it in 我的课程, plays a section whose position the server keeps and resumes after a reload,
 * and reads the live schedule (a class on now, yesterday's with its playback).
 */
const STUDENT = { phone: '13900000000', name: '林小雨' }
const COURSES = { english: '大学英语（专升本）', maths: '高等数学（一）', live: '学位英语直播班' }

test.describe('学员：课程、购买、我的课程、学习、直播课表', () => {
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext
  let page: Page
  /** The section played, and where it stopped. */
  let played: { id: number; title: string; position: number }

  test.beforeAll(async () => {
    app = await startUserApp({ PAY_SANDBOX_AUTO_COMPLETE_MS: '800' })
    browser = await launchBrowser()
    // WeChat's browser: the pay page pays there (wechat-jsapi; the sandbox needs no JS-SDK).
    context = await phoneScreen(browser, { userAgent: WECHAT_UA })
    page = await context.newPage()
  })
  test.afterAll(async () => {
    await context?.close()
    await browser?.close()
    await app?.stop()
  })

  const api = <T>(path: string) => pageApi<T>(page, app, path)

  const titles = (selector: string) => page.locator(`${selector}:visible`).allTextContents()

  test('the student signs in and finds 课程, 我的课程 and 直播课表 on home', async () => {
    await signInStudentOnPage(page, app, STUDENT.phone)
    await visible(page, '.student-head__name', STUDENT.name).waitFor({ timeout: 30_000 })
    expect(await titles('.student-entries__label')).toEqual([
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
    await screenshot(page, 'study-home')
  })

  test('课程 lists the listed courses with their prices, filters by type, and opens a course with its trial section', async () => {
    await visible(page, '.student-entries__item--course').click()
    await onPage(page, '/pages/study/course', '课程')
    await visible(page, '.course-card').waitFor({ timeout: 30_000 })
    expect(await titles('.course-card__title')).toEqual(expect.arrayContaining([COURSES.english, COURSES.maths, COURSES.live]))
    const english = visible(page, '.course-card', COURSES.english)
    await expect(english.locator('.course-card__price')).toHaveText('¥199.00')
    await expect(english.locator('.course-card__trial')).toHaveText('可试看')
    await expect(visible(page, '.course-card', COURSES.maths).locator('.course-card__joined')).toHaveText('已加入')
    await screenshot(page, 'study-course')

    await visible(page, '.course-type', '直播课').click()
    await expect.poll(() => titles('.course-card__title'), { timeout: 15_000 }).toEqual([COURSES.live])
    await visible(page, '.course-type', '全部').click()
    await visible(page, '.course-card', COURSES.english).click()

    await onPage(page, '/pages/study/courseDetail', '课程详情')
    await visible(page, '.course-detail__title', COURSES.english).waitFor({ timeout: 30_000 })
    await expect(visible(page, '.course-detail__price')).toHaveText('¥199.00')
    await expect(visible(page, '.course-bar__main')).toHaveText('立即购买 ¥199.00')
    await expect(page.locator('.course-section__trial:visible')).toHaveCount(1)
    expect(await page.locator('.course-section--locked:visible').count()).toBeGreaterThan(0)
    await screenshot(page, 'study-course-detail')
  })

  test('buying goes through the pay page; once the payment is verified the course is mine', async () => {
    await visible(page, '.course-bar__main').click()
    await onPage(page, '/pages/main/pay', '付款')
    await visible(page, '.pay-order__title').waitFor({ timeout: 30_000 })
    await expect(visible(page, '.pay-status__amount')).toHaveText('¥199.00')
    await visible(page, '.pay-actions__pay', '立即支付 ¥199.00').click()
    await visible(page, '.pay-status__label', '支付成功').waitFor({ timeout: 30_000 })
    await screenshot(page, 'study-paid')

    // A paid course order goes on to the course (back to its page, which asks for it again).
    await visible(page, '.pay-actions__study', '开始学习').click()
    await onPage(page, '/pages/study/courseDetail', '课程详情')
    await expect.poll(() => visible(page, '.course-bar__main').textContent(), { timeout: 15_000 }).toBe('开始学习')
    await expect(visible(page, '.course-detail__joined')).toHaveText('已加入')
    await expect(page.locator('.course-section--locked:visible')).toHaveCount(0)
    await screenshot(page, 'study-course-joined')
  })

  test('我的课程 shows the course bought and the ones the school granted, with their progress', async () => {
    await page.goto(`${app.url}/pages/study/index`)
    await onPage(page, '/pages/study/index', '我的课程')
    await visible(page, '.my-course').waitFor({ timeout: 30_000 })
    const rows = await page
      .locator('.my-course:visible')
      .evaluateAll((els) =>
        els.map((el) => [el.querySelector('.my-course__title')?.textContent, el.querySelector('.my-course__source')?.textContent]),
      )
    expect(rows).toEqual(
      expect.arrayContaining([
        [COURSES.english, '购买'],
        [COURSES.maths, '学校开通'],
      ]),
    )
    await expect(visible(page, '.study-time__label', '今日学习')).toBeVisible()
    await screenshot(page, 'study-my-courses')
  })

  test('a section plays, its position is kept by the server, and a reload resumes there', async () => {
    await visible(page, '.my-course', COURSES.english).click()
    await onPage(page, '/pages/study/courseDetail', '课程详情')
    await visible(page, '.course-bar__main', '开始学习').click()
    await onPage(page, '/pages/study/section', '课程学习')
    const video = page.locator('video:visible').first()
    await video.waitFor({ timeout: 30_000 })
    const id = Number(new URL(page.url()).searchParams.get('id'))
    const title = (await visible(page, '.section-info__title').textContent()) ?? ''
    const reports: string[] = []
    // Counted once answered: the server's position is read right after the last one.
    page.on('requestfinished', (r) => {
      if (r.url().includes('/studentKnowledge/progress') && r.method() === 'PUT') reports.push(r.postData() ?? '')
    })
    // Muted, so the browser plays it without a gesture; three seconds, then pause.
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true
      await v.play()
    })
    await page.waitForTimeout(3_000)
    await video.evaluate((v: HTMLVideoElement) => v.pause())
    await expect.poll(() => reports.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
    // The pause reports the position of the player's last timeupdate (a quarter second or so before).
    const stopped = await video.evaluate((v: HTMLVideoElement) => v.currentTime)
    expect(stopped).toBeGreaterThan(1)
    const last = new URLSearchParams(reports[reports.length - 1])
    expect(last.get('sectionId')).toBe(String(id))
    expect(Math.abs(Number(last.get('position')) - stopped)).toBeLessThan(0.6)
    const kept = await api<{ position: number; watched: number }>(`/api/sms/study/studentKnowledge/sectionForClient?id=${id}`)
    expect(kept.position).toBeCloseTo(Number(last.get('position')), 2)
    played = { id, title, position: kept.position }
    await screenshot(page, 'study-section')

    await page.reload()
    await onPage(page, '/pages/study/section', '课程学习')
    const again = page.locator('video:visible').first()
    await again.waitFor({ timeout: 30_000 })
    await expect.poll(() => again.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeCloseTo(played.position, 0)
  })

  test('home and 我的课程 offer 继续学习 at that section', async () => {
    await page.goto(`${app.url}/`)
    await onHome(page)
    await visible(page, '.student-continue__section', played.title).waitFor({ timeout: 30_000 })
    await expect(visible(page, '.student-continue__title')).toHaveText(COURSES.english)
    await screenshot(page, 'study-home-continue')
    await visible(page, '.student-continue').click()
    await page.waitForURL((u) => u.pathname === '/pages/study/section' && u.searchParams.get('id') === String(played.id), {
      timeout: 30_000,
    })
  })

  test('直播课表 shows the class on now with 进入直播 and yesterday’s with 观看回放; the room opens and counts my time', async () => {
    await page.goto(`${app.url}/pages/study/live`)
    await onPage(page, '/pages/study/live', '直播课表')
    await visible(page, '.live-card').waitFor({ timeout: 30_000 })
    const now = visible(page, '.live-card--live')
    await expect(now.locator('.live-status')).toHaveText('直播中')
    await expect(now.locator('.live-card__course')).toContainText(COURSES.live)
    const ended = visible(page, '.live-card--ended')
    await expect(ended.locator('.live-card__action')).toHaveText('观看回放')
    await expect(visible(page, '.live-schedule__past')).toHaveText('往期直播')
    await screenshot(page, 'study-live')

    const beats: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/studentLiveCourseSchedule/watchLive')) beats.push(r.postData() ?? '')
    })
    await now.locator('.live-card__action', { hasText: '进入直播' }).click()
    await onPage(page, '/pages/study/liveRoom', '直播间')
    const room = page.frameLocator('.live-room iframe')
    await room.locator('body', { hasText: '直播进行中' }).waitFor({ timeout: 30_000 })
    await expect.poll(() => beats.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1)
    await screenshot(page, 'study-live-room')

    await visible(page, '.page__back').click()
    await onPage(page, '/pages/study/live', '直播课表')
    await visible(page, '.live-card--ended .live-card__action', '观看回放').click()
    await onPage(page, '/pages/study/section', '课程学习')
    expect(new URL(page.url()).searchParams.get('liveId')).toBeTruthy()
    await page.locator('video:visible').first().waitFor({ timeout: 30_000 })
    await expect(visible(page, '.section-info__course')).toContainText('直播回放')
    await screenshot(page, 'study-playback')
  })
})
