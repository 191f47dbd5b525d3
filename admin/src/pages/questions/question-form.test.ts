import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Difficulty, QuestionType } from '@activity/wire'
import {
  answerText,
  blankAlternatives,
  keysWithout,
  questionBody,
  questionProblem,
  questionValues,
  type QuestionValues,
} from './question-form.ts'

const base = (over: Partial<QuestionValues>): QuestionValues => ({
  ...questionValues(undefined, { courseId: 3 }),
  stem: '  1 + 1 = ?  ',
  ...over,
})

describe('the question editor', () => {
  test('a 单选题 sends its options keyed A.. in order and the one right key', () => {
    const body = questionBody(base({ options: [{ text: ' 1 ' }, { text: '2' }, { text: '3' }], single: 'B', chapterId: 7 }))
    assert.deepEqual(body, {
      courseId: 3,
      chapterId: 7,
      type: QuestionType.single,
      difficulty: Difficulty.general,
      stem: '1 + 1 = ?',
      options: [
        { key: 'A', text: '1' },
        { key: 'B', text: '2' },
        { key: 'C', text: '3' },
      ],
      answer: ['B'],
      analysis: '',
    })
  })

  test('a 多选题 sends its keys sorted and needs at least two', () => {
    const values = base({ type: QuestionType.multiple, options: [{ text: 'a' }, { text: 'b' }, { text: 'c' }], multiple: ['C', 'A', 'C'] })
    assert.deepEqual(questionBody(values).answer, ['A', 'C'])
    assert.equal(questionProblem({ ...values, multiple: ['A'] }), '多选题至少选择两个正确答案')
  })

  test('a choice needs 2..8 filled options and an answer among them', () => {
    assert.equal(questionProblem(base({ options: [{ text: 'a' }], single: 'A' })), '选项须为2到8个')
    assert.equal(questionProblem(base({ options: [{ text: 'a' }, { text: ' ' }], single: 'A' })), '请填写选项B')
    assert.equal(questionProblem(base({ options: [{ text: 'a' }, { text: 'b' }], single: 'C' })), '请选择正确答案')
    assert.equal(questionProblem(base({ options: Array.from({ length: 9 }, () => ({ text: 'x' })), single: 'A' })), '选项须为2到8个')
  })

  test('a 判断题 sends the fixed T/F options and T or F', () => {
    const body = questionBody(base({ type: QuestionType.judge, judge: 'F' }))
    assert.deepEqual(body.options, [
      { key: 'T', text: '正确' },
      { key: 'F', text: '错误' },
    ])
    assert.deepEqual(body.answer, ['F'])
    assert.equal(questionProblem(base({ type: QuestionType.judge })), '请选择正确或错误')
  })

  test('a 填空题 sends one entry per blank, its alternatives trimmed and joined by |', () => {
    const body = questionBody(base({ type: QuestionType.fill, blanks: [{ text: ' 北京 | Beijing ｜ ' }, { text: '2' }] }))
    assert.deepEqual(body.answer, ['北京|Beijing', '2'])
    assert.deepEqual(body.options, [])
    assert.equal(questionProblem(base({ type: QuestionType.fill, blanks: [{ text: 'a' }, { text: ' | ' }] })), '请填写第2空的答案')
    assert.equal(questionProblem(base({ type: QuestionType.fill, blanks: [] })), '填空题至少有一个空')
  })

  test('a 简答题 sends its reference answer as the one entry', () => {
    assert.deepEqual(questionBody(base({ type: QuestionType.short, reference: ' 要点 ' })).answer, ['要点'])
    assert.equal(questionProblem(base({ type: QuestionType.short, reference: '' })), '请填写参考答案')
  })

  test('a question needs a course and a stem', () => {
    assert.equal(questionProblem(base({ courseId: undefined })), '请选择课程')
    assert.equal(questionProblem(base({ stem: '  ' })), '请填写题干')
    assert.throws(() => questionBody(base({ stem: '' })), /请填写题干/)
  })

  test('removing an option re-letters the ones after it and the chosen answer follows', () => {
    assert.deepEqual(keysWithout(['A', 'C', 'D'], 1), ['A', 'B', 'C'])
    assert.deepEqual(keysWithout(['B'], 1), [])
    assert.deepEqual(keysWithout(['A'], 3), ['A'])
  })

  test('a saved question comes back into the editor as it was sent', () => {
    for (const question of [
      {
        type: QuestionType.single,
        options: [
          { key: 'A', text: 'x' },
          { key: 'B', text: 'y' },
        ],
        answer: ['A'],
      },
      {
        type: QuestionType.multiple,
        options: [
          { key: 'A', text: 'x' },
          { key: 'B', text: 'y' },
          { key: 'C', text: 'z' },
        ],
        answer: ['A', 'C'],
      },
      {
        type: QuestionType.judge,
        options: [
          { key: 'T', text: '正确' },
          { key: 'F', text: '错误' },
        ],
        answer: ['T'],
      },
      { type: QuestionType.fill, options: [], answer: ['a|b', 'c'] },
      { type: QuestionType.short, options: [], answer: ['参考'] },
    ] as const) {
      const saved = {
        courseId: 3,
        chapterId: null,
        difficulty: Difficulty.hard,
        stem: '题',
        analysis: '析',
        ...question,
        options: [...question.options],
        answer: [...question.answer],
      }
      const { courseId, chapterId, type, difficulty, stem, options, answer, analysis } = saved
      assert.deepEqual(
        questionBody(questionValues(saved)),
        { courseId, chapterId, type, difficulty, stem, options, answer, analysis },
        type,
      )
    }
  })

  test('answers read as a person says them', () => {
    assert.equal(answerText(QuestionType.multiple, ['A', 'C']), 'A、C')
    assert.equal(answerText(QuestionType.judge, ['T']), '正确')
    assert.equal(answerText(QuestionType.fill, ['北京|Beijing', '2']), '第1空：北京 或 Beijing；第2空：2')
    assert.equal(answerText(QuestionType.single, []), '未作答')
    assert.equal(answerText(QuestionType.short, null), '未作答')
    assert.deepEqual(blankAlternatives('a｜ b |'), ['a', 'b'])
  })
})
