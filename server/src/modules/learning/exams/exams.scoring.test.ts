import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { seededRandom, shuffleOptions } from './exams.scoring.ts'

// Scoring itself is @activity/domain's answer rule: packages/domain/src/answers.test.ts, and exams.answers.test.ts here.
describe('dealing a paper', () => {
  test('shuffled options are re-lettered A.. and the answer follows its texts', () => {
    const options = ['甲', '乙', '丙', '丁', '戊'].map((text, i) => ({ key: 'ABCDE'[i]!, text }))
    for (let seed = 1; seed < 50; seed++) {
      const mixed = shuffleOptions({ options, answer: ['B', 'D'] }, seededRandom(seed))
      assert.deepEqual(
        mixed.options.map((o) => o.key),
        ['A', 'B', 'C', 'D', 'E'],
      )
      const texts = mixed.answer.map((k) => mixed.options.find((o) => o.key === k)!.text).sort()
      assert.deepEqual(texts, ['乙', '丁'].sort())
      assert.deepEqual(mixed.answer, [...mixed.answer].sort())
    }
    const a = shuffleOptions({ options, answer: ['A'] }, seededRandom(7))
    const b = shuffleOptions({ options, answer: ['A'] }, seededRandom(7))
    assert.deepEqual(a, b, 'the same seed deals the same order')
  })
})
