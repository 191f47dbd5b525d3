import TestUtils from '@tarojs/test-utils-react'
import type { WrongItem, WrongQuestion, WrongSummary } from '../../api/sms/exam-types'
import { countCalls, until, type CallCounts } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import StudyWrongPage, { streakText } from './wrong'
import { studentPersonLoaded } from './study-testing'

const mockPageHooks: Record<string, () => void> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const keep = (name: string) => (fn: () => void) => void (mockPageHooks[name] = fn)
  return {
    __esModule: true,
    ...actual,
    default: actual.default ?? actual,
    useDidShow: keep('show'),
    usePullDownRefresh: keep('pullDown'),
    useReachBottom: keep('reachBottom'),
  }
})

const SUMMARY: WrongSummary = {
  total: 2,
  courses: [{ courseId: 2, courseTitle: '高等数学（一）', count: 2 }],
  types: [
    { type: '单选题', count: 1 },
    { type: '填空题', count: 1 },
  ],
  mastered: 3,
}
const ITEMS: WrongItem[] = [
  {
    questionId: 41,
    courseId: 2,
    courseTitle: '高等数学（一）',
    type: '单选题',
    difficulty: '简单',
    stem: '函数 y = x² 的导数是',
    wrongCount: 2,
    streak: 0,
    source: '考试',
    lastWrongAt: '2026-03-04T12:10:00.000Z',
  },
  {
    questionId: 43,
    courseId: 2,
    courseTitle: '高等数学（一）',
    type: '填空题',
    difficulty: '一般',
    stem: 'lim(x→∞)(1+1/x)^x = ____',
    wrongCount: 1,
    streak: 1,
    source: '章节练习',
    lastWrongAt: '2026-03-03T12:10:00.000Z',
  },
]
const QUESTION: WrongQuestion = {
  questionId: 41,
  courseId: 2,
  type: '单选题',
  difficulty: '简单',
  stem: '函数 y = x² 的导数是',
  options: [
    { key: 'A', text: 'x' },
    { key: 'B', text: '2x' },
  ],
  wrongCount: 2,
  streak: 1,
}
const LIST = 'GET /api/sms/study/studentWrongSubject/list'
const REDO = 'POST /api/sms/study/studentWrongSubject/redo'
const REMOVAL = 'DELETE /api/sms/study/studentWrongSubject/removal'

describe('错题本', () => {
  let t: TestUtils
  let calls: CallCounts
  const h = studentPageHarness()
  beforeEach(() => {
    t = new TestUtils()
    studentPersonLoaded()
    h.server.on('GET /api/sms/study/studentWrongSubject/summaryForClient', { body: envelope(SUMMARY) })
    h.server.on(LIST, (req) => {
      const list = ITEMS.filter((w) => !req.query.type || w.type === req.query.type)
      return { body: envelope({ list, total: list.length, page: 1, size: 10 }) }
    })
    h.server.on('GET /api/sms/study/studentWrongSubject/detailsForClient', { body: envelope(QUESTION) })
    h.server.on(REMOVAL, { body: envelope({ removed: true }) })
    calls = countCalls()
  })
  afterEach(() => t.unmout())
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  const byText = (selector: string, words: string) =>
    Array.from(document.querySelectorAll(selector)).find((e) => e.textContent === words) as Element

  it('sums the book up, filters by type, says 错N次 and opens a redo', async () => {
    openAt('/pages/study/wrong')
    await t.mount(StudyWrongPage)
    await drawn('.wrong-item')
    // The summary is a call of its own, answered in its own time.
    await until(() => texts('.wrong-summary__value').join() === '2,3', 'the summary drawn')
    expect(texts('.wrong-item__count')).toEqual(['错2次', '错1次'])
    t.fireEvent.click(byText('.wrong-filter__chip', '填空题'))
    await until(() => texts('.wrong-item__count').join() === '错1次', 'only the 填空题 shows')
    expect(h.server.last(LIST)?.query).toMatchObject({ type: '填空题', page: '1' })
    t.fireEvent.click(byText('.wrong-item__redo', '重做'))
    expect(h.navigations).toEqual(['/pages/study/wrong?questionId=43'])
  })

  it('moves a question out of the book after a confirm', async () => {
    openAt('/pages/study/wrong')
    await t.mount(StudyWrongPage)
    await drawn('.wrong-item')
    t.fireEvent.click(document.querySelector('.wrong-item__remove') as Element)
    await until(() => document.querySelector('.at-modal__action') !== null, 'the confirm shows')
    t.fireEvent.click(byText('.at-modal__action .taro-button-core', '移出'))
    await until(() => calls.answered(REMOVAL) === 1, 'the question was removed')
    expect(h.server.last(REMOVAL)?.rawQuery).toBe('questionId=41')
  })

  it('redoes a question: right once more says how many to go, right at the streak masters it', async () => {
    h.server.on(REDO, { body: envelope({ correct: true, rightAnswer: ['B'], analysis: '(x^n)′ = n·x^(n−1)', streak: 2, mastered: true }) })
    openAt('/pages/study/wrong', { questionId: '41' })
    await t.mount(StudyWrongPage)
    await drawn('.question-option')
    expect(document.querySelector('.wrong-redo__meta')?.textContent).toBe('错2次 · 已连续答对1次')
    t.fireEvent.click(Array.from(document.querySelectorAll('.question-option')).find((e) => e.textContent === 'B2x') as Element)
    t.fireEvent.click(document.querySelector('.wrong-redo__submit .taro-button-core') as Element)
    await drawn('.question-verdict')
    expect(h.server.last(REDO)?.form).toEqual({ questionId: '41', answer: '["B"]' })
    expect(document.querySelector('.question-verdict__result')?.textContent).toBe('回答正确')
    expect(document.querySelector('.question-verdict__note')?.textContent).toBe('已掌握，已移出错题本')
  })
})

describe('the streak line', () => {
  it('says how many right answers are still needed, and starts again after a wrong one', () => {
    expect(streakText({ correct: true, streak: 1, mastered: false })).toBe('再答对1次即可移出')
    expect(streakText({ correct: false, streak: 0, mastered: false })).toBe('答错了，连续答对次数重新计算')
  })
})
