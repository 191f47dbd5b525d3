import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { fenToYuan, formatYuan, yuanToFen } from './money.ts'

describe('money typed in yuan travels as fen', () => {
  test('whole yuan, one and two decimals become exact fen', () => {
    assert.equal(yuanToFen('12'), 1200)
    assert.equal(yuanToFen('12.5'), 1250)
    assert.equal(yuanToFen('0.29'), 29)
    assert.equal(yuanToFen(' 1234.56 '), 123456)
    assert.equal(yuanToFen(0.29), 29)
  })

  test('a negative adjustment keeps its sign, and minus zero is zero', () => {
    assert.equal(yuanToFen('-0.05'), -5)
    assert.equal(yuanToFen('-10'), -1000)
    assert.equal(yuanToFen('-0'), 0)
  })

  test('three decimals, letters, empty text and infinity are refused', () => {
    for (const bad of ['1.234', 'abc', '', '1e3', '12.', '.5', '1,000', Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.equal(yuanToFen(bad), undefined, String(bad))
    }
  })

  test('fen are shown as yuan with two decimals and thousands separators', () => {
    assert.equal(fenToYuan(123450), '1,234.50')
    assert.equal(fenToYuan(5), '0.05')
    assert.equal(fenToYuan(-120000), '-1,200.00')
    assert.equal(fenToYuan(100, { sign: true }), '+1.00')
    assert.equal(fenToYuan(0, { sign: true }), '0.00')
    assert.equal(fenToYuan(123450, { grouping: false }), '1234.50')
    assert.equal(formatYuan(-5), '-¥0.05')
    assert.equal(formatYuan(250000), '¥2,500.00')
  })

  test('every fen amount survives the round trip through its yuan text', () => {
    for (const fen of [0, 1, 9, 10, 99, 100, 101, 12345, 99999999, -1, -250]) {
      assert.equal(yuanToFen(fenToYuan(fen, { grouping: false })), fen)
    }
  })
})
