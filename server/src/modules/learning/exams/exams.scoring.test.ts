import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { QuestionType } from '../../../wire.ts'
import { blankMatches, foldBlank, isUnanswered, scoreQuestion, seededRandom, shuffleOptions } from './exams.scoring.ts'

const q = (type: string, answer: string[], score = 10) => ({ type, answer, score })

describe('exam scoring', () => {
  test('单选题 and 判断题 score in full only when exact', () => {
    assert.deepEqual(scoreQuestion(q(QuestionType.single, ['B']), ['B']), { correct: true, earned: 10 })
    assert.deepEqual(scoreQuestion(q(QuestionType.single, ['B']), ['C']), { correct: false, earned: 0 })
    assert.deepEqual(scoreQuestion(q(QuestionType.single, ['B']), ['B', 'C']), { correct: false, earned: 0 })
    assert.deepEqual(scoreQuestion(q(QuestionType.judge, ['T']), ['T']), { correct: true, earned: 10 })
    assert.deepEqual(scoreQuestion(q(QuestionType.judge, ['T']), ['F']), { correct: false, earned: 0 })
  })

  test('多选题: exact is full, a subset without a wrong key is half (floor), a wrong key is 0', () => {
    const m = q(QuestionType.multiple, ['A', 'C', 'D'], 5)
    assert.deepEqual(scoreQuestion(m, ['D', 'C', 'A']), { correct: true, earned: 5 })
    assert.deepEqual(scoreQuestion(m, ['A', 'C']), { correct: false, earned: 2 })
    assert.deepEqual(scoreQuestion(m, ['A']), { correct: false, earned: 2 })
    assert.deepEqual(scoreQuestion(m, ['A', 'B']), { correct: false, earned: 0 })
    assert.deepEqual(scoreQuestion(m, ['A', 'B', 'C', 'D']), { correct: false, earned: 0 })
  })

  test('填空题: proportional (floor), trimmed, case-insensitive, full-width folded, | alternatives', () => {
    const f = q(QuestionType.fill, ['Paris|巴黎', 'x+1', '3'], 10)
    assert.deepEqual(scoreQuestion(f, [' ＰＡＲＩＳ ', 'X+1', '3']), { correct: true, earned: 10 })
    assert.deepEqual(scoreQuestion(f, ['巴黎', 'x+2', '']), { correct: false, earned: 3 })
    assert.deepEqual(scoreQuestion(f, ['巴黎', 'x＋1', 'nope']), { correct: false, earned: 6 })
    assert.equal(foldBlank('　ＡＢｃ１２３　'), 'abc123')
    assert.equal(blankMatches('a||b', ''), false)
  })

  test('an empty response is unanswered and wrong; 简答题 waits for a teacher', () => {
    assert.equal(isUnanswered([]), true)
    assert.equal(isUnanswered(['', '  ']), true)
    assert.equal(isUnanswered(null), true)
    assert.deepEqual(scoreQuestion(q(QuestionType.fill, ['a', 'b']), ['', ' ']), { correct: false, earned: 0 })
    assert.deepEqual(scoreQuestion(q(QuestionType.multiple, ['A', 'B']), []), { correct: false, earned: 0 })
    assert.deepEqual(scoreQuestion(q(QuestionType.short, ['参考']), ['我的回答']), { correct: null, earned: null })
  })

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
