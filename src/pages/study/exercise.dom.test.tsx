import TestUtils from '@tarojs/test-utils-react'
import type { ExerciseChapters, ExerciseItem, ExerciseQuestion } from '../../api/sms/exam-types'
import { countCalls, until, type CallCounts } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import { drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import StudyExercisePage from './exercise'
import { studentPersonLoaded } from './study-testing'

const mockPageHooks: Record<string, () => void> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const keep = (name: string) => (fn: () => void) => void (mockPageHooks[name] = fn)
  return { __esModule: true, ...actual, default: actual.default ?? actual, useDidShow: keep('show'), useDidHide: keep('hide') }
})

const CHAPTERS: ExerciseChapters = {
  courseId: 2,
  courseTitle: '高等数学（一）',
  chapters: [
    {
      id: 7,
      title: '函数与极限',
      total: 3,
      done: 1,
      right: 1,
      byDifficulty: { 简单: { total: 2, done: 1 }, 一般: { total: 1, done: 0 }, 困难: { total: 0, done: 0 } },
    },
    {
      id: null,
      title: '未分章',
      total: 1,
      done: 0,
      right: 0,
      byDifficulty: { 简单: { total: 1, done: 0 }, 一般: { total: 0, done: 0 }, 困难: { total: 0, done: 0 } },
    },
  ],
}

const ITEMS: ExerciseItem[] = [
  { id: 31, type: '单选题', difficulty: '简单', done: true, correct: true },
  { id: 32, type: '多选题', difficulty: '简单', done: false, correct: null },
  { id: 33, type: '判断题', difficulty: '一般', done: false, correct: null },
]

const QUESTIONS: Record<number, ExerciseQuestion> = {
  31: {
    id: 31,
    courseId: 2,
    chapterId: 7,
    type: '单选题',
    difficulty: '简单',
    stem: 'lim(x→0) sin x / x = ?',
    options: [
      { key: 'A', text: '0' },
      { key: 'B', text: '1' },
    ],
    index: 0,
    mine: { answer: ['B'], correct: true, rightAnswer: ['B'], analysis: '重要极限。' },
  },
  32: {
    id: 32,
    courseId: 2,
    chapterId: 7,
    type: '多选题',
    difficulty: '简单',
    stem: '下列函数中为奇函数的是',
    options: [
      { key: 'A', text: 'sin x' },
      { key: 'B', text: 'cos x' },
      { key: 'C', text: 'x³' },
    ],
    index: 1,
    mine: null,
  },
}

const HAND = 'POST /api/sms/study/studentSubject/handSubject'

describe('章节练习', () => {
  let t: TestUtils
  let calls: CallCounts
  const h = studentPageHarness()
  beforeEach(() => {
    t = new TestUtils()
    studentPersonLoaded()
    h.server.on('GET /api/sms/study/studentExercise/chaptersForClient', { body: envelope(CHAPTERS) })
    h.server.on('GET /api/sms/study/studentExercise/listForClient', { body: envelope({ items: ITEMS }) })
    h.server.on('GET /api/sms/study/studentExercise/detailsForClient', (req) => ({ body: envelope(QUESTIONS[Number(req.query.id)]) }))
    calls = countCalls()
  })
  afterEach(() => t.unmout())

  const text = (selector: string) => document.querySelector(selector)?.textContent ?? ''
  const click = (el: Element | null | undefined) => {
    if (!el) throw new Error('nothing to tap')
    t.fireEvent.click(el)
  }
  const byText = (selector: string, words: string) => Array.from(document.querySelectorAll(selector)).find((el) => el.textContent === words)

  it('lists the chapters with my progress per difficulty and opens one at that difficulty', async () => {
    openAt('/pages/study/exercise', { courseId: '2' })
    await t.mount(StudyExercisePage)
    await drawn('.exercise-chapter')
    expect(text('.exercise-chapters__course')).toBe('高等数学（一）')
    expect(text('.exercise-chapter__meta')).toBe('已做 1/3 题 · 答对 1 题')
    click(byText('.exercise-chips__chip', '一般'))
    expect(text('.exercise-chapter__meta')).toBe('已做 0/1 题 · 答对 1 题')
    click(document.querySelector('.exercise-chapter__main'))
    expect(h.navigations).toEqual([`/pages/study/exercise?courseId=2&chapterId=7&difficulty=${encodeURIComponent('一般')}`])
  })

  it('starts at the first question not done, sends the sorted answer, then shows right or wrong, 正确答案 and 解析, in the wrong-answer book', async () => {
    h.server.on(HAND, {
      body: envelope({
        correct: false,
        rightAnswer: ['A', 'C'],
        analysis: 'sin x 与 x³ 均为奇函数。',
        inWrongBook: true,
        done: 2,
        total: 3,
      }),
    })
    openAt('/pages/study/exercise', { courseId: '2', chapterId: '7' })
    await t.mount(StudyExercisePage)
    await drawn('.question-view__stem')
    expect(h.server.last('GET /api/sms/study/studentExercise/listForClient')?.query).toEqual({ courseId: '2', chapterId: '7' })
    expect(text('.question-view__stem')).toBe('下列函数中为奇函数的是')
    expect(text('.exercise-bar__count')).toBe('第 2 / 3 题 · 已做 1')
    click(byText('.question-option', 'Cx³'))
    click(byText('.question-option', 'Asin x'))
    click(document.querySelector('.exercise-submit .taro-button-core'))
    await until(() => calls.answered(HAND) === 1, 'the answer was handed in')
    expect(h.server.last(HAND)?.form).toEqual({ questionId: '32', answer: '["A","C"]' })
    await drawn('.question-verdict')
    expect(text('.question-verdict__result')).toBe('回答错误')
    expect(text('.question-verdict__right')).toBe('正确答案：A、C')
    expect(text('.question-verdict__analysis')).toBe('解析：sin x 与 x³ 均为奇函数。')
    expect(text('.question-verdict__note')).toBe('已加入错题本')
    // The answer card now shows it wrong.
    click(document.querySelector('.exercise-bar__card'))
    const cells = Array.from(document.querySelectorAll('.answer-card__cell')).map(
      (c) => c.className.match(/--(todo|right|wrong|done)/)?.[1],
    )
    expect(cells).toEqual(['right', 'wrong', 'todo'])
  })

  it('while an exam holds the question, the answer is kept but no verdict, answer or analysis shows', async () => {
    h.server.on(HAND, { body: envelope({ correct: null, rightAnswer: null, analysis: null, inWrongBook: false, done: 2, total: 3 }) })
    openAt('/pages/study/exercise', { courseId: '2', chapterId: '7' })
    await t.mount(StudyExercisePage)
    await drawn('.question-view__stem')
    click(byText('.question-option', 'Asin x'))
    click(document.querySelector('.exercise-submit .taro-button-core'))
    await until(() => calls.answered(HAND) === 1, 'the answer was handed in')
    await drawn('.question-verdict')
    expect(text('.question-verdict__result')).toBe('考试结束后公布答案')
    expect(text('.question-verdict__mine')).toBe('你的答案：A')
    expect(text('.question-verdict__note')).toBe('该题属于尚未结束的考试，答案与解析将在考试结束后公布')
    expect(document.querySelector('.question-verdict__right')).toBeNull()
    expect(document.querySelector('.question-verdict__analysis')).toBeNull()
    expect(document.querySelector('.question-option--right')).toBeNull()
  })

  it('shows what I answered before with its verdict, and goes to the previous and next question', async () => {
    openAt('/pages/study/exercise', { courseId: '2', chapterId: '7' })
    await t.mount(StudyExercisePage)
    await drawn('.question-view__stem')
    click(byText('.exercise-steps__item', '上一题'))
    await until(() => text('.question-view__stem') === 'lim(x→0) sin x / x = ?', 'the first question shows')
    expect(text('.question-verdict__result')).toBe('回答正确')
    expect(text('.question-verdict__analysis')).toBe('解析：重要极限。')
    expect(useStore.getState().toast.status).toBe(false)
  })
})
