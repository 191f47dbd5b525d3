import TestUtils from '@tarojs/test-utils-react'
import type { StudyReport } from '../../api/sms/exam-types'
import { envelope } from '../../request/testing/server'
import { drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import StudyReportPage, { scorePoints, segmentOf } from './report'
import { studentPersonLoaded } from './study-testing'

const mockPageHooks: Record<string, () => void> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const keep = (name: string) => (fn: () => void) => void (mockPageHooks[name] = fn)
  return { __esModule: true, ...actual, default: actual.default ?? actual, useDidShow: keep('show') }
})

const REPORT: StudyReport = {
  courseId: 2,
  courseTitle: '高等数学（一）',
  exercise: { done: 12, total: 20, right: 9, accuracy: 75 },
  chapters: [
    { id: 7, title: '函数与极限', done: 8, total: 10, accuracy: 75 },
    { id: 8, title: '导数与微分', done: 4, total: 10, accuracy: 75 },
  ],
  exams: [
    { attemptId: 9, paperTitle: '模拟试卷', closedAt: '2026-03-01T02:08:00.000Z', score: 18, totalScore: 30 },
    { attemptId: 10, paperTitle: '模拟试卷', closedAt: '2026-03-03T02:08:00.000Z', score: 24, totalScore: 30 },
  ],
  studyTime: {
    total: 7200,
    course: 5400,
    days: Array.from({ length: 30 }, (_, i) => ({ day: `2026-02-${String(i + 1).padStart(2, '0')}`, seconds: i === 29 ? 1800 : 0 })),
  },
  wrongCount: 3,
}

describe('学习报告', () => {
  let t: TestUtils
  const h = studentPageHarness()
  beforeEach(() => {
    t = new TestUtils()
    studentPersonLoaded()
    h.server.on('GET /api/sms/study/studentSubject/studentStudyReport', { body: envelope(REPORT) })
  })
  afterEach(() => t.unmout())
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)

  it('shows questions done, accuracy, the chapters, exam scores over time and 30 days of study time', async () => {
    openAt('/pages/study/report', { courseId: '2' })
    await t.mount(StudyReportPage)
    await drawn('.report-stats')
    expect(h.server.last('GET /api/sms/study/studentSubject/studentStudyReport')?.rawQuery).toBe('courseId=2')
    expect(texts('.report-stats__value')).toEqual(['12/20', '75%', '3'])
    expect(texts('.report-chapter__meta')).toEqual(['8/10 题 · 正确率 75%', '4/10 题 · 正确率 75%'])
    expect(document.querySelectorAll('.report-chart__dot')).toHaveLength(2)
    expect(document.querySelectorAll('.report-chart__line')).toHaveLength(1)
    expect(document.querySelector('.report-chart')?.getAttribute('aria-label')).toBe('考试成绩：模拟试卷 18/30，模拟试卷 24/30')
    expect(document.querySelectorAll('.report-days__day')).toHaveLength(30)
    expect(texts('.report-block__meta')).toEqual(['近30天 30分钟 · 本课程 1小时30分钟'])
  })
})

describe('the score chart', () => {
  it('places the scores oldest left, higher up for a better share of the total', () => {
    const box = { width: 100, height: 100, pad: 0 }
    expect(scorePoints(REPORT.exams, box).map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) }))).toEqual([
      { x: 0, y: 40 },
      { x: 100, y: 20 },
    ])
    const s = segmentOf({ x: 0, y: 0 }, { x: 3, y: 4 })
    expect([s.length, Math.round(s.angle)]).toEqual([5, 53])
  })
})
