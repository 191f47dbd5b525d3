import type { Browser, BrowserContext, Page } from '@playwright/test'
import { expectPresent, launchBrowser, screenshot, type RunningApp, expect, test, phoneScreen, pageApi } from './harness'
import { ok, operatorApi } from './office-support'
import { ADMIN, onPage, startUserApp, visible, signInStudentOnPage } from './user-helpers'

// One app server for the file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * Issue 24 in a real Chromium at 375×667 against the real back-office with the demo data: the
 * demo student practises a chapter of 高等数学（一） (the answer and analysis after each), finds the
 * wrong one in the wrong-answer book and redoes it; sits a 1-minute paper the 管理员 made through the
 * console API, which submits itself at 0 and shows the score; finds the unanswered question in the
 * book; and reads the course's 学习报告 from 我的课程.
 */
const STUDENT = { phone: '13900000000', name: '林小雨' }
const MATHS = '高等数学（一）'
const CHAPTER_ONE = '第一章 函数、极限与连续'
const PAPER = '一分钟小测'

test.describe('学员：章节练习、错题本、考试、学习报告', () => {
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext
  let page: Page

  test.beforeAll(async () => {
    app = await startUserApp()
    browser = await launchBrowser()
    context = await phoneScreen(browser)
    page = await context.newPage()
  })
  test.afterAll(async () => {
    await context?.close()
    await browser?.close()
    await app?.stop()
  })

  const api = <T>(path: string) => pageApi<T>(page, app, path)
  const texts = (selector: string) => page.locator(`${selector}:visible`).allTextContents()

  test('the student signs in and finds 章节练习, 考试 and 错题本 on home', async () => {
    await signInStudentOnPage(page, app, STUDENT.phone)
    await visible(page, '.student-head__name', STUDENT.name).waitFor({ timeout: 30_000 })
    expect(await texts('.student-entries__label')).toEqual(expect.arrayContaining(['章节练习', '考试', '错题本']))
  })

  test('章节练习: a course, its chapters, then one question at a time with the answer and the analysis after each', async () => {
    await visible(page, '.student-entries__item--exercise').click()
    await onPage(page, '/pages/study/exercise', '章节练习')
    await visible(page, '.exercise-course', MATHS).click()
    await visible(page, '.exercise-chapter', CHAPTER_ONE).waitFor({ timeout: 30_000 })
    await screenshot(page, 'exams-chapters')
    await visible(page, '.exercise-chapter__main', CHAPTER_ONE).click()
    await visible(page, '.question-view__stem', '定义域').waitFor({ timeout: 30_000 })

    // The first question: a wrong choice goes in the wrong-answer book.
    await visible(page, '.question-option', '(−∞, 1]').click()
    await visible(page, '.exercise-submit .taro-button-core', '提交答案').click()
    await visible(page, '.question-verdict__result', '回答错误').waitFor({ timeout: 30_000 })
    await expect(visible(page, '.question-verdict__right')).toHaveText('正确答案：B')
    await expect(visible(page, '.question-verdict__analysis')).toContainText('被开方数非负')
    await expect(visible(page, '.question-verdict__note')).toHaveText('已加入错题本')
    await screenshot(page, 'exams-exercise-wrong')

    // The next one, right.
    await visible(page, '.exercise-steps__item', '下一题').click()
    await visible(page, '.question-view__stem', '(2x + 1)/(x − 3)').waitFor({ timeout: 30_000 })
    await visible(page, '.question-option', /^C2$/).click()
    await visible(page, '.exercise-submit .taro-button-core', '提交答案').click()
    await visible(page, '.question-verdict__result', '回答正确').waitFor({ timeout: 30_000 })
    await expect(visible(page, '.question-verdict__analysis')).toContainText('最高次项系数之比')
    await visible(page, '.exercise-bar__card').click()
    await expect(page.locator('.answer-card__cell--wrong:visible')).toHaveCount(1)
    await expect(page.locator('.answer-card__cell--right:visible')).toHaveCount(1)
    await screenshot(page, 'exams-exercise-card')

    // The server kept the progress.
    const course = (
      await api<{ list: Array<{ courseId: number; title: string }> }>('/api/sms/study/join/listStudentOnlineCourseForClient')
    ).list.find((c) => c.title === MATHS)
    const chapters = await api<{ chapters: Array<{ title: string; done: number; right: number }> }>(
      `/api/sms/study/studentExercise/chaptersForClient?courseId=${course?.courseId}`,
    )
    expect(chapters.chapters.find((c) => c.title === CHAPTER_ONE)).toMatchObject({ done: 2, right: 1 })
  })

  test('错题本: the wrong question is there, 错1次; redone right, it needs one more right answer', async () => {
    await page.goto(`${app.url}/pages/study/wrong`)
    await onPage(page, '/pages/study/wrong', '错题本')
    const item = visible(page, '.wrong-item', '定义域')
    await item.waitFor({ timeout: 30_000 })
    await expect(item.locator('.wrong-item__count')).toHaveText('错1次')
    await screenshot(page, 'exams-wrong-book')
    await item.locator('.wrong-item__redo').click()
    await onPage(page, '/pages/study/wrong', '错题本')
    await visible(page, '.question-option', '[1, +∞)').click()
    await visible(page, '.wrong-redo__submit .taro-button-core', '提交答案').click()
    await visible(page, '.question-verdict__result', '回答正确').waitFor({ timeout: 30_000 })
    await expect(visible(page, '.question-verdict__note')).toHaveText('再答对1次即可移出')
    await screenshot(page, 'exams-wrong-redo')
  })

  test('考试: a 1-minute paper made through the console saves each answer and submits itself at 0; the score and the wrong question follow', async () => {
    // 管理员 makes a fixed mock paper of two questions of the course, 1 minute long, and publishes it.
    const admin = await operatorApi(app, ADMIN.account, ADMIN.password)
    const course = (
      await api<{ list: Array<{ courseId: number; title: string }> }>('/api/sms/study/join/listStudentOnlineCourseForClient')
    ).list.find((c) => c.title === MATHS)
    const bank = ok(
      await admin.call<{ list: Array<{ id: number; type: string; stem: string }> }>('GET', '/api/bms/cont/subject/list', {
        courseId: course?.courseId,
        page: 1,
        size: 100,
      }),
    ).list
    const single = bank.find((q) => q.stem.includes('定义域'))
    const judge = bank.find((q) => q.type === '判断题')
    expectPresent(single, 'the bank’s 定义域 question')
    expectPresent(judge, 'a 判断题 of the bank')
    const paper = ok(
      await admin.call<{ id: number }>('POST', '/api/bms/cont/paper', {
        courseId: course?.courseId,
        title: PAPER,
        use: '模拟试卷',
        kind: '固定试卷',
        durationMinutes: 1,
        maxAttempts: 3,
        passScore: 6,
      }),
    )
    ok(
      await admin.call('PUT', '/api/bms/cont/paper/questions', {
        paperId: paper.id,
        items: [
          { questionId: single.id, score: 5 },
          { questionId: judge.id, score: 5 },
        ],
      }),
    )
    ok(await admin.call('PUT', '/api/bms/cont/paper/changeStatus', { id: paper.id, status: '已发布' }))

    const saves: Array<Record<string, string>> = []
    page.on('request', (req) => {
      if (req.method() === 'PUT' && req.url().endsWith('/api/sms/study/studentExam/saveAnswer'))
        saves.push(Object.fromEntries(new URLSearchParams(req.postData() ?? '')))
    })
    await page.goto(`${app.url}/pages/study/exam`)
    await onPage(page, '/pages/study/exam', '考试')
    await visible(page, '.exam-tabs__tab', '模拟试卷').click()
    await visible(page, '.exam-card', PAPER).waitFor({ timeout: 30_000 })
    await expect(visible(page, '.exam-card', PAPER).locator('.exam-card__facts')).toHaveText('1 分钟 · 2 题 · 满分 10 · 已考 0/3 次')
    await screenshot(page, 'exams-papers')
    await visible(page, '.exam-card', PAPER).click()
    await visible(page, '.exam-intro__start', '开始答题').waitFor({ timeout: 30_000 })
    await screenshot(page, 'exams-intro')
    await visible(page, '.exam-intro__start').click()
    await onPage(page, '/pages/study/paper', '答题')
    await visible(page, '.question-option', '[1, +∞)').click()
    await expect.poll(() => saves.length, { timeout: 15_000 }).toBe(1)
    expect(saves[0]).toMatchObject({ position: '1', answer: '["B"]' })
    await visible(page, '.paper-head__save', '答案已自动保存').waitFor({ timeout: 15_000 })
    await screenshot(page, 'exams-paper')

    // No tap: at 0 the page hands the paper in by itself and shows the result on the same page.
    await visible(page, '.paper-score__value').waitFor({ timeout: 90_000 })
    await expect(visible(page, '.paper-score__value')).toHaveText('5')
    await expect(visible(page, '.paper-score__verdict')).toHaveText('不及格')
    await expect(visible(page, '.paper-score__note', '超时自动交卷')).toHaveCount(1)
    const cells = await page
      .locator('.answer-card__cell:visible')
      .evaluateAll((els) => els.map((e) => e.className.match(/--(right|wrong|partial|pending)/)?.[1]))
    expect(cells).toEqual(['right', 'wrong'])
    expect((await texts('.question-verdict__right'))[0]).toBe('正确答案：B')
    await screenshot(page, 'exams-result')

    // The unanswered 判断题 is in the wrong-answer book, from 考试.
    await page.goto(`${app.url}/pages/study/wrong`)
    await onPage(page, '/pages/study/wrong', '错题本')
    const wrong = visible(page, '.wrong-item', judge.stem.slice(0, 8))
    await wrong.waitFor({ timeout: 30_000 })
    await expect(wrong.locator('.wrong-item__meta')).toContainText('考试')
  })

  test('学习报告 from 我的课程: practice, the exam score over time, study time', async () => {
    await page.goto(`${app.url}/pages/study/index`)
    await onPage(page, '/pages/study/index', '我的课程')
    await visible(page, '.my-course-row', MATHS).locator('.my-course__report').click()
    await onPage(page, '/pages/study/report', '学习报告')
    await visible(page, '.report-stats').waitFor({ timeout: 30_000 })
    expect((await texts('.report-stats__value')).slice(0, 2)).toEqual([expect.stringMatching(/^2\/\d+$/), '50%'])
    expect(await texts('.report-exam__title')).toEqual([PAPER])
    expect(await texts('.report-exam__score')).toEqual(['5/10'])
    await expect(page.locator('.report-chart__dot:visible')).toHaveCount(1)
    await screenshot(page, 'exams-report')
  })
})
