import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { QuestionType } from '../../../wire.ts'
import { foldText, isCorrect, isUnanswered } from './practice.rules.ts'

describe('right or wrong in practice', () => {
  test('单选题 and 判断题: exactly the one key, whatever the case or spacing', () => {
    assert.equal(isCorrect(QuestionType.single, ['B'], ['B']), true)
    assert.equal(isCorrect(QuestionType.single, ['B'], [' b ']), true)
    assert.equal(isCorrect(QuestionType.single, ['B'], ['Ｂ']), true, 'a full-width letter is folded')
    assert.equal(isCorrect(QuestionType.single, ['B'], ['A']), false)
    assert.equal(isCorrect(QuestionType.single, ['B'], ['A', 'B']), false)
    assert.equal(isCorrect(QuestionType.judge, ['T'], ['T']), true)
    assert.equal(isCorrect(QuestionType.judge, ['T'], ['F']), false)
  })

  test('多选题: exactly the keys in any order; a subset or an extra key is wrong', () => {
    assert.equal(isCorrect(QuestionType.multiple, ['A', 'C'], ['C', 'A']), true)
    assert.equal(isCorrect(QuestionType.multiple, ['A', 'C'], ['AC']), true)
    assert.equal(isCorrect(QuestionType.multiple, ['A', 'C'], ['A']), false, '少选 is not right in practice')
    assert.equal(isCorrect(QuestionType.multiple, ['A', 'C'], ['A', 'B', 'C']), false)
  })

  test('填空题: every blank, trimmed, case-insensitive, full-width folded, any | alternative', () => {
    assert.equal(isCorrect(QuestionType.fill, ['children'], ['  Children ']), true)
    assert.equal(isCorrect(QuestionType.fill, ['30|thirty'], ['THIRTY']), true)
    assert.equal(isCorrect(QuestionType.fill, ['30|thirty'], ['３０']), true, 'full-width digits')
    assert.equal(isCorrect(QuestionType.fill, ['x^2'], ['ｘ＾２']), true)
    assert.equal(isCorrect(QuestionType.fill, ['1', '2x'], ['1', '2X']), true)
    assert.equal(isCorrect(QuestionType.fill, ['1', '2x'], ['1']), false, 'a blank left out')
    assert.equal(isCorrect(QuestionType.fill, ['1', '2x'], ['1', '2']), false)
    assert.equal(isCorrect(QuestionType.fill, ['new york'], ['New   York']), true, 'inner spaces collapse')
  })

  test('unanswered is wrong; 简答题 is never scored here', () => {
    assert.equal(isUnanswered([]), true)
    assert.equal(isUnanswered(['', '  ']), true)
    assert.equal(isCorrect(QuestionType.single, ['B'], []), false)
    assert.equal(isCorrect(QuestionType.fill, ['1'], ['']), false)
    assert.equal(isCorrect(QuestionType.short, ['参考答案'], ['参考答案']), null)
    assert.equal(foldText('ＡＢＣ　ｄ'), 'abc d')
  })
})
