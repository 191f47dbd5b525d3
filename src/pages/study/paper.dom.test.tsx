import TestUtils from '@tarojs/test-utils-react'
import type { AttemptResult, AttemptSheet } from '../../api/sms/exam-types'
import { countCalls, until, type CallCounts } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import StudyPaperPage from './paper'
import { clockOnly, studentPersonLoaded } from './study-testing'

const mockPageHooks: Record<string, () => void> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const keep = (name: string) => (fn: () => void) => void (mockPageHooks[name] = fn)
  return { __esModule: true, ...actual, default: actual.default ?? actual, useDidShow: keep('show'), useDidHide: keep('hide') }
})

const T0 = Date.parse('2026-03-04T12:00:00.000Z')
/** The device is 90 s behind the server. */
const SERVER_AHEAD = 90_000
const iso = (ms: number) => new Date(ms).toISOString()

const SHEET: AttemptSheet = {
  id: 5,
  paperId: 3,
  paperTitle: '高等数学（一）模拟试卷',
  status: '答题中',
  startedAt: iso(T0 + SERVER_AHEAD),
  endsAt: iso(T0 + SERVER_AHEAD + 10 * 60_000),
  serverNow: iso(T0 + SERVER_AHEAD),
  totalScore: 10,
  questions: [
    {
      position: 1,
      type: '单选题',
      stem: '函数 y = x² 的导数是',
      options: [
        { key: 'A', text: 'x' },
        { key: 'B', text: '2x' },
      ],
      score: 5,
      response: null,
    },
    {
      position: 2,
      type: '判断题',
      stem: '连续函数一定可导。',
      options: [
        { key: 'T', text: '正确' },
        { key: 'F', text: '错误' },
      ],
      score: 5,
      response: ['F'],
    },
  ],
}

const RESULT: AttemptResult = {
  id: 5,
  number: 1,
  status: '已完成',
  startedAt: SHEET.startedAt,
  endsAt: SHEET.endsAt,
  closedAt: SHEET.endsAt,
  closeReason: '超时自动交卷',
  score: 5,
  objectiveScore: 5,
  totalScore: 10,
  pendingMarks: 0,
  paperId: 3,
  paperTitle: SHEET.paperTitle,
  passScore: 6,
  rank: { rank: 2, of: 7 },
  questions: [
    {
      ...SHEET.questions[0]!,
      questionId: 41,
      response: ['A'],
      rightAnswer: ['B'],
      analysis: '幂函数求导。',
      correct: false,
      earned: 0,
      comment: null,
    },
    {
      ...SHEET.questions[1]!,
      questionId: 42,
      rightAnswer: ['F'],
      analysis: '|x| 在 0 处连续但不可导。',
      correct: true,
      earned: 5,
      comment: null,
    },
  ],
}

const SAVE = 'PUT /api/sms/study/studentExam/saveAnswer'
const OVER = 'PUT /api/sms/study/studentExam/overPaper'
const READ = 'GET /api/sms/study/studentExam/attemptForClient'

describe('答题', () => {
  let t: TestUtils
  let calls: CallCounts
  let closed: boolean
  const h = studentPageHarness()
  beforeEach(() => {
    jest.useFakeTimers(clockOnly(T0))
    t = new TestUtils()
    studentPersonLoaded()
    closed = false
    h.server.on(READ, () => ({ body: envelope(closed ? RESULT : SHEET) }))
    h.server.on(SAVE, (req) => ({ body: envelope({ position: Number(req.form.position), savedAt: iso(T0) }) }))
    h.server.on(OVER, () => {
      closed = true
      return { body: envelope(RESULT) }
    })
    calls = countCalls()
    openAt('/pages/study/paper', { attemptId: '5' })
  })
  afterEach(async () => {
    t.unmout()
    await until(
      () => calls.answered(SAVE) === calls.sent(SAVE),
      () => `every save was answered (${calls.answered(SAVE)} of ${calls.sent(SAVE)})`,
    )
    jest.useRealTimers()
  })

  const text = (selector: string) => document.querySelector(selector)?.textContent ?? ''
  const click = (el: Element | null | undefined) => {
    if (!el) throw new Error('nothing to tap')
    t.fireEvent.click(el)
  }
  const option = (words: string) => Array.from(document.querySelectorAll('.question-option')).find((el) => el.textContent?.endsWith(words))
  const saves = () => h.server.requests.filter((r) => `${r.method} ${r.path}` === SAVE).map((r) => r.form)
  const save = (answer: string[]) => ({ attemptId: '5', position: '1', answer: JSON.stringify(answer) })

  it('counts down to the server’s end on the server’s clock and resumes with the server’s answers', async () => {
    await t.mount(StudyPaperPage)
    await drawn('.paper-clock')
    expect(text('.paper-clock__time')).toBe('10:00')
    jest.setSystemTime(T0 + 65_000)
    await until(
      () => text('.paper-clock__time') === '08:55',
      () => `the clock shows 08:55 (it shows ${text('.paper-clock__time')})`,
    )
    click(document.querySelectorAll('.answer-card__cell')[1])
    await until(() => text('.question-view__stem') === '连续函数一定可导。', 'the second question shows')
    expect(option('错误')?.getAttribute('aria-checked')).toBe('true')
    const cells = Array.from(document.querySelectorAll('.answer-card__cell')).map((c) => c.className.match(/--(todo|answered|failed)/)?.[1])
    expect(cells).toEqual(['todo', 'answered'])
  })

  it('saves each change at once with the server’s parameters, the latest answer winning', async () => {
    await t.mount(StudyPaperPage)
    await drawn('.question-option')
    click(option('x'))
    click(option('2x'))
    await until(
      () => calls.answered(SAVE) === 2,
      () => `two saves were answered (${calls.answered(SAVE)})`,
    )
    expect(saves()).toEqual([save(['A']), save(['B'])])
    await until(() => text('.paper-head__save') === '答案已自动保存', 'the page says it is saved')
  })

  it('retries a failed save and says so until it is saved', async () => {
    let failures = 1
    h.server.on(SAVE, (req) =>
      failures-- > 0
        ? { status: 503, body: envelope(null, 1, '服务繁忙') }
        : { body: envelope({ position: Number(req.form.position), savedAt: iso(T0) }) },
    )
    await t.mount(StudyPaperPage)
    await drawn('.question-option')
    click(option('2x'))
    await until(() => text('.paper-head__save') === '保存失败，正在重试', 'the page says the save failed and is retried')
    await until(() => document.querySelector('.answer-card__cell--failed') !== null, 'the answer card marks the question whose save failed')
    await until(
      () => calls.answered(SAVE) === 2,
      () => `the retry was answered (${calls.answered(SAVE)})`,
    )
    await until(() => text('.paper-head__save') === '答案已自动保存', 'the page says it is saved')
    expect(saves()).toEqual([save(['B']), save(['B'])])
  })

  it('submits itself at 0 and shows the result: score, pass or fail, rank, each question with its answer', async () => {
    await t.mount(StudyPaperPage)
    await drawn('.paper-clock')
    jest.setSystemTime(T0 + 10 * 60_000)
    await until(() => calls.answered(OVER) === 1, 'the page submitted itself', 5000)
    expect(h.server.last(OVER)?.body).toBe('attemptId=5')
    await drawn('.paper-score')
    expect(text('.paper-score__value')).toBe('5')
    expect(text('.paper-score__verdict')).toBe('不及格')
    expect(text('.paper-score__rank')).toBe('排名 第 2 名 / 共 7 人')
    const cells = Array.from(document.querySelectorAll('.answer-card__cell')).map(
      (c) => c.className.match(/--(right|wrong|partial|pending)/)?.[1],
    )
    expect(cells).toEqual(['wrong', 'right'])
    expect(Array.from(document.querySelectorAll('.question-verdict__right')).map((e) => e.textContent)).toEqual([
      '正确答案：B',
      '正确答案：错误',
    ])
  })

  it('reads the result when the server had closed the attempt already', async () => {
    h.server.on(OVER, () => {
      closed = true
      return { status: 409, body: envelope(null, 1, '考试已结束') }
    })
    await t.mount(StudyPaperPage)
    await drawn('.paper-clock')
    jest.setSystemTime(T0 + 11 * 60_000)
    await drawn('.paper-score')
    expect(calls.sent(READ)).toBe(2)
    expect(text('.paper-score__value')).toBe('5')
  })

  it('asks before 交卷, saying how many questions are unanswered', async () => {
    await t.mount(StudyPaperPage)
    await drawn('.paper-submit')
    click(document.querySelector('.paper-submit .taro-button-core'))
    await until(() => text('.at-modal__content').includes('还有 1 题未作答'), 'the confirm says 1 question is unanswered')
    const confirm = Array.from(document.querySelectorAll('.at-modal__action .taro-button-core')).find((b) => b.textContent === '交卷')
    click(confirm)
    await drawn('.paper-score')
    expect(calls.sent(OVER)).toBe(1)
  })
})
