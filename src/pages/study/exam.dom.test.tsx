import TestUtils from '@tarojs/test-utils-react'
import type { AttemptSheet, PaperCard, PaperDetail } from '../../api/sms/exam-types'
import { countCalls, until, type CallCounts } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import StudyExamPage from './exam'
import { studentPersonLoaded } from './study-testing'

const mockPageHooks: Record<string, () => void> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const keep = (name: string) => (fn: () => void) => void (mockPageHooks[name] = fn)
  return { __esModule: true, ...actual, default: actual.default ?? actual, useDidShow: keep('show'), usePullDownRefresh: keep('pullDown') }
})

const card = (over: Partial<PaperCard> & Pick<PaperCard, 'id' | 'title' | 'use'>): PaperCard => ({
  courseId: 2,
  courseTitle: '高等数学（一）',
  kind: '固定试卷',
  durationMinutes: 10,
  questionCount: 6,
  totalScore: 30,
  passScore: 18,
  opensAt: null,
  closesAt: null,
  maxAttempts: 3,
  attemptsUsed: 1,
  openAttemptId: null,
  bestScore: 24,
  state: '可参加',
  ...over,
})
const MOCK = card({ id: 3, title: '高等数学（一）模拟试卷', use: '模拟试卷' })
const EXAM = card({
  id: 4,
  title: '期中考试',
  use: '考试',
  opensAt: '2026-03-10T01:00:00.000Z',
  closesAt: '2026-03-10T03:00:00.000Z',
  maxAttempts: 1,
  attemptsUsed: 0,
  bestScore: null,
  state: '未开始',
})
const DETAIL: PaperDetail = {
  ...MOCK,
  intro: '覆盖函数、极限与导数。',
  attempts: [
    {
      id: 9,
      number: 1,
      status: '已完成',
      startedAt: '2026-03-01T02:00:00.000Z',
      endsAt: '2026-03-01T02:10:00.000Z',
      closedAt: '2026-03-01T02:08:00.000Z',
      closeReason: '交卷',
      score: 24,
      objectiveScore: 24,
      totalScore: 30,
      pendingMarks: 0,
    },
  ],
}

describe('考试', () => {
  let t: TestUtils
  let calls: CallCounts
  const h = studentPageHarness()
  beforeEach(() => {
    t = new TestUtils()
    studentPersonLoaded()
    h.server.on('GET /api/sms/study/studentExam/listForClient', { body: envelope([MOCK, EXAM]) })
    h.server.on('GET /api/sms/study/studentExam/detailsForClient', { body: envelope(DETAIL) })
    calls = countCalls()
  })
  afterEach(() => t.unmout())
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)

  it('shows 考试 and 模拟试卷 in tabs, with duration, total, attempts, window, state and best score', async () => {
    openAt('/pages/study/exam')
    await t.mount(StudyExamPage)
    await drawn('.exam-card')
    expect(texts('.exam-card__title')).toEqual(['期中考试'])
    expect(texts('.exam-card__state')).toEqual(['未开始'])
    expect(texts('.exam-card__facts')).toEqual(['10 分钟 · 6 题 · 满分 30 · 已考 0/1 次'])
    expect(texts('.exam-card__window')[0]).toMatch(/^03-10 \d\d:00 至 03-10 \d\d:00$/)
    t.fireEvent.click(document.querySelectorAll('.exam-tabs__tab')[1] as Element)
    await until(() => texts('.exam-card__title')[0] === '高等数学（一）模拟试卷', 'the mock papers show')
    expect(texts('.exam-card__best')).toEqual(['最高分 24'])
    t.fireEvent.click(document.querySelector('.exam-card') as Element)
    expect(h.navigations).toEqual(['/pages/study/exam?paperId=3'])
  })

  it('shows a paper’s intro with my attempts and starts an attempt on 开始答题', async () => {
    const sheet = { id: 10 } as AttemptSheet
    h.server.on('POST /api/sms/study/studentExam/start', { body: envelope(sheet) })
    openAt('/pages/study/exam', { paperId: '3' })
    await t.mount(StudyExamPage)
    await drawn('.exam-attempt')
    expect(texts('.exam-attempt__score')).toEqual(['24 分'])
    expect(texts('.exam-attempt__go')).toEqual(['查看结果'])
    t.fireEvent.click(document.querySelector('.exam-intro__start') as Element)
    await until(() => calls.answered('POST /api/sms/study/studentExam/start') === 1, 'the attempt started')
    expect(h.server.last('POST /api/sms/study/studentExam/start')?.body).toBe('paperId=3')
    await until(() => h.navigations.length === 1, 'the page went to the sheet')
    expect(h.navigations).toEqual(['/pages/study/paper?attemptId=10'])
  })
})
