import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Difficulty, PaperKind, PaperStatus, PaperUse, QuestionType } from '@activity/wire'
import type { PaperDetail } from '../../api/exams.ts'
import {
  addPicked,
  newRule,
  paperBody,
  paperValues,
  pickedBody,
  pickedFrom,
  pickedProblem,
  pickedTotal,
  ruleShort,
  rulesBody,
  rulesProblem,
  rulesTotal,
} from './paper-form.ts'

const paper: PaperDetail = {
  id: 9,
  courseId: 3,
  courseTitle: '高等数学（一）',
  title: '期中考试',
  use: PaperUse.exam,
  kind: PaperKind.fixed,
  status: PaperStatus.draft,
  durationMinutes: 90,
  opensAt: '2025-06-01T01:00:00.000Z',
  closesAt: '2025-06-01T04:00:00.000Z',
  maxAttempts: 2,
  questionCount: 2,
  totalScore: 12,
  attemptCount: 0,
  markingCount: 0,
  createdAt: '2025-05-01T00:00:00.000Z',
  publishedAt: null,
  intro: '闭卷',
  passScore: 6,
  shuffleQuestions: true,
  shuffleOptions: false,
  showRank: true,
  questions: [
    { questionId: 5, sort: 2, score: 10, type: QuestionType.short, difficulty: Difficulty.hard, stem: '证明' },
    { questionId: 4, sort: 1, score: 2, type: QuestionType.single, difficulty: Difficulty.simple, stem: '1+1' },
  ],
  rules: [],
}

describe('the paper editors', () => {
  test("a paper's window is picked on the office's clock and sent as instants", () => {
    const values = paperValues(paper)
    assert.deepEqual(values.window, ['2025-06-01 09:00:00', '2025-06-01 12:00:00'])
    const body = paperBody(values)
    assert.equal(body.opensAt, '2025-06-01T01:00:00.000Z')
    assert.equal(body.closesAt, '2025-06-01T04:00:00.000Z')
    assert.equal(body.title, '期中考试')
    assert.equal(body.showRank, true)
  })

  test('a paper without a window leaves it out; a window that ends before it opens is refused', () => {
    const body = paperBody({ ...paperValues(undefined, { courseId: 3 }), title: ' 模拟一 ' })
    assert.equal(body.opensAt, undefined)
    assert.equal(body.closesAt, undefined)
    assert.equal(body.title, '模拟一')
    assert.equal(body.kind, PaperKind.fixed)
    assert.throws(
      () => paperBody({ ...paperValues(paper), window: ['2025-06-02 09:00:00', '2025-06-01 09:00:00'] }),
      /结束时间须晚于开始时间/,
    )
    assert.throws(() => paperBody({ ...paperValues(paper), courseId: undefined }), /请选择课程/)
  })

  test("a fixed paper's questions come in their order and go back with their scores in the order shown", () => {
    const picked = pickedFrom(paper.questions)
    assert.deepEqual(
      picked.map((q) => q.id),
      [4, 5],
    )
    assert.equal(pickedTotal(picked), 12)
    assert.deepEqual(pickedBody(9, [...picked].reverse()), {
      paperId: 9,
      items: [
        { questionId: 5, score: 10 },
        { questionId: 4, score: 2 },
      ],
    })
  })

  test('questions added from the bank go to the end at their type’s default score, once each', () => {
    const picked = pickedFrom(paper.questions)
    const next = addPicked(picked, [
      { id: 4, type: QuestionType.single, difficulty: Difficulty.simple, stem: '1+1' },
      { id: 7, type: QuestionType.multiple, difficulty: Difficulty.general, stem: '多选' },
      { id: 7, type: QuestionType.multiple, difficulty: Difficulty.general, stem: '多选' },
    ])
    assert.deepEqual(
      next.map((q) => [q.id, q.score]),
      [
        [4, 2],
        [5, 10],
        [7, 4],
      ],
    )
  })

  test('a question scored outside 1..100 or not whole is named by its place', () => {
    const picked = pickedFrom(paper.questions)
    assert.equal(pickedProblem(picked), undefined)
    assert.equal(pickedProblem([picked[0]!, { ...picked[1]!, score: 0 }]), '第2题的分值须为1到100的整数')
    assert.equal(pickedProblem([{ ...picked[0]!, score: 2.5 }]), '第1题的分值须为1到100的整数')
  })

  test("a random paper's total is each rule's count times its score", () => {
    const rules = [
      { ...newRule('a'), count: 10, score: 2 },
      { ...newRule('b', QuestionType.short), count: 2, score: 15 },
    ]
    assert.deepEqual(rulesTotal(rules), { count: 12, score: 50 })
    assert.deepEqual(rulesTotal([]), { count: 0, score: 0 })
    assert.deepEqual(rulesTotal([{ count: Number.NaN, score: 3 }]), { count: 0, score: 0 })
  })

  test('a rule asking for more questions than the bank holds is marked short; an unknown count is not', () => {
    assert.equal(ruleShort({ count: 6, available: 5 }), true)
    assert.equal(ruleShort({ count: 5, available: 5 }), false)
    assert.equal(ruleShort({ count: 5, available: null }), false)
  })

  test('rules need whole counts and scores in range, and no two over the same pool', () => {
    const a = { ...newRule('a'), chapterId: 1 }
    assert.equal(rulesProblem([a, { ...newRule('b'), chapterId: 2 }]), undefined)
    assert.equal(rulesProblem([{ ...a, count: 0 }]), '第1条规则的数量须为1到200的整数')
    assert.equal(rulesProblem([{ ...a, score: 101 }]), '第1条规则的分值须为1到100的整数')
    assert.equal(rulesProblem([a, { ...a, key: 'c', count: 3 }]), '第2条规则与第1条相同，请合并为一条')
    assert.deepEqual(rulesBody(9, [a]), {
      paperId: 9,
      rules: [{ chapterId: 1, type: QuestionType.single, count: 5, score: 2 }],
    })
  })
})
