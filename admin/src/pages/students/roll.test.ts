import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { BATCH_OPTIONS, BATCH_YEAR_OPTIONS, batchLabel, compactInput } from './roll.ts'

describe('a roll’s batch on screen', () => {
  test('reads 2026年1期 from batch year 2026 and batch 1', () => {
    assert.equal(batchLabel(2026, 1), '2026年1期')
    assert.equal(batchLabel('2025', '12'), '2025年12期')
  })

  test('shows what is there when one half is missing, and nothing when both are', () => {
    assert.equal(batchLabel(2026, null), '2026年')
    assert.equal(batchLabel(undefined, 3), '3期')
    assert.equal(batchLabel(null, ''), '')
  })

  test('offers the years 2030 down to 2015 and the batches 1期 to 20期', () => {
    assert.equal(BATCH_YEAR_OPTIONS.length, 16)
    assert.deepEqual(BATCH_YEAR_OPTIONS[0], { value: 2030, label: '2030年' })
    assert.deepEqual(BATCH_YEAR_OPTIONS.at(-1), { value: 2015, label: '2015年' })
    assert.equal(BATCH_OPTIONS.length, 20)
    assert.deepEqual(BATCH_OPTIONS[0], { value: 1, label: '1期' })
    assert.deepEqual(BATCH_OPTIONS.at(-1), { value: 20, label: '20期' })
  })
})

describe('a student form’s values as the body sent', () => {
  test('a new student leaves the optional fields it did not fill out, and trims the rest', () => {
    assert.deepEqual(compactInput({ name: ' 王五 ', phone: '13911112222', idCard: '', studentNo: undefined, batch: 1 }), {
      name: '王五',
      phone: '13911112222',
      batch: 1,
    })
  })

  test('an edit sends a cleared field empty, so the server clears it', () => {
    assert.deepEqual(compactInput({ name: '王五', remark: '  ', studentNo: null }, { keepEmpty: true }), {
      name: '王五',
      remark: '',
      studentNo: '',
    })
  })
})
