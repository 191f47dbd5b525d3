import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { QuestionType } from '@activity/wire'
import type { AttemptQuestion } from '../../api/exams.ts'
import { markEntries, marksBody, scoreWith } from './marking.ts'

const q = (position: number, type: QuestionType, score: number, earned: number | null, comment: string | null = null): AttemptQuestion => ({
  position,
  questionId: position,
  type,
  stem: `题${position}`,
  options: [],
  score,
  response: ['x'],
  rightAnswer: ['x'],
  analysis: '',
  correct: earned === null ? null : earned === score,
  earned,
  comment,
})

const sheet = [
  q(1, QuestionType.single, 2, 2),
  q(2, QuestionType.fill, 4, 2),
  q(3, QuestionType.short, 10, null),
  q(4, QuestionType.short, 5, null),
]

describe('阅卷', () => {
  test('only 简答题 are marked, starting from what was saved', () => {
    assert.deepEqual(markEntries([...sheet.slice(0, 3), q(4, QuestionType.short, 5, 3, '不完整')]), {
      3: { earned: null, comment: '' },
      4: { earned: 3, comment: '不完整' },
    })
  })

  test('the marks given are sent with their comments; unmarked ones stay to mark', () => {
    assert.deepEqual(marksBody(sheet, { 3: { earned: 8, comment: ' 思路正确 ' }, 4: { earned: null } }), {
      marks: [{ position: 3, earned: 8, comment: '思路正确' }],
      left: 1,
    })
    assert.deepEqual(marksBody(sheet, { 3: { earned: 0 }, 4: { earned: 5, comment: '' } }), {
      marks: [
        { position: 3, earned: 0 },
        { position: 4, earned: 5 },
      ],
      left: 0,
    })
  })

  test('a mark outside 0..score, or not whole, is refused with its question; no mark at all is refused', () => {
    assert.throws(() => marksBody(sheet, { 3: { earned: 11 } }), /第3题的得分须为0到10的整数/)
    assert.throws(() => marksBody(sheet, { 4: { earned: 2.5 } }), /第4题的得分须为0到5的整数/)
    assert.throws(() => marksBody(sheet, { 4: { earned: -1 } }), /第4题的得分须为0到5的整数/)
    assert.throws(() => marksBody(sheet, {}), /请至少给一道简答题评分/)
  })

  test('the score shown adds the objective points and the marks typed so far', () => {
    assert.equal(scoreWith(sheet, {}), 4)
    assert.equal(scoreWith(sheet, { 3: { earned: 7 }, 4: { earned: 5 } }), 16)
  })
})
