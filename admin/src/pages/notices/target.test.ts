import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { targetBody, targetKey, targetQuery } from './target.ts'

describe('a notice’s target', () => {
  test('sends only the fields set, trimmed: each one narrows who receives it', () => {
    assert.deepEqual(
      targetQuery({ targetSchool: ' 浙江工商大学 ', targetMajor: '', targetLevel: undefined, targetBatchYear: 2026, targetBatch: null }),
      {
        targetSchool: '浙江工商大学',
        targetBatchYear: 2026,
      },
    )
  })

  test('with nothing set addresses every student (no field sent)', () => {
    assert.deepEqual(targetQuery({}), {})
    assert.deepEqual(targetQuery({ targetSchool: '   ' }), {})
  })

  test('an update sends every field, the ones taken away empty, so the server clears them', () => {
    assert.deepEqual(targetBody({ targetLevel: '本科' }), {
      targetSchool: '',
      targetMajor: '',
      targetLevel: '本科',
      targetBatchYear: '',
      targetBatch: '',
    })
  })

  test('the same target asked twice is the same question', () => {
    assert.equal(targetKey({ targetSchool: 'A', targetMajor: '' }), targetKey({ targetSchool: ' A ' }))
    assert.notEqual(targetKey({ targetSchool: 'A' }), targetKey({ targetSchool: 'B' }))
  })
})
