import assert from 'node:assert/strict'
import { formatYuan, parseYuan } from './index'

describe('money is fen on the wire and yuan on screen', () => {
  test('fen are shown as yuan with two decimals, thousands separators and the ¥ sign', () => {
    assert.equal(formatYuan(123450), '¥1,234.50')
    assert.equal(formatYuan(5), '¥0.05')
    assert.equal(formatYuan(0), '¥0.00')
    assert.equal(formatYuan(-120000), '-¥1,200.00')
    assert.equal(formatYuan(100, { sign: true }), '+¥1.00')
    assert.equal(formatYuan(-1000, { sign: true }), '-¥10.00')
    assert.equal(formatYuan(0, { sign: true }), '¥0.00')
    assert.equal(formatYuan(123456789, { symbol: false }), '1,234,567.89')
    assert.equal(formatYuan(123450, { symbol: false, grouping: false }), '1234.50')
    assert.equal(formatYuan(-5, { symbol: false }), '-0.05')
    assert.equal(formatYuan(Number.NaN), '¥0.00')
  })

  test('whole yuan, one and two decimals become exact fen', () => {
    assert.equal(parseYuan('12'), 1200)
    assert.equal(parseYuan('12.5'), 1250)
    assert.equal(parseYuan('0.29'), 29)
    assert.equal(parseYuan(' 1234.56 '), 123456)
    assert.equal(parseYuan(0.29), 29)
    assert.equal(parseYuan('999999999999.99'), 99999999999999)
  })

  test('a minus is refused unless the amount may be negative, and minus zero is zero', () => {
    assert.equal(parseYuan('-5'), null)
    assert.equal(parseYuan('-0.05', { negative: true }), -5)
    assert.equal(parseYuan('-10', { negative: true }), -1000)
    assert.equal(parseYuan('-0', { negative: true }), 0)
  })

  test('a dot left at the end counts only where typing may leave it', () => {
    assert.equal(parseYuan('12.'), null)
    assert.equal(parseYuan('12.', { trailingDot: true }), 1200)
  })

  test('three decimals, letters, empty text, exponents, separators and infinity are refused', () => {
    for (const bad of ['1.234', 'abc', '', '1e3', '.5', '1,000', '0.1.2', '1234567890123', Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.equal(parseYuan(bad, { negative: true, trailingDot: true }), null, String(bad))
    }
  })

  test('every fen amount survives the round trip through its yuan text', () => {
    for (const fen of [0, 1, 9, 10, 99, 100, 101, 12345, 99999999, -1, -250]) {
      assert.equal(parseYuan(formatYuan(fen, { symbol: false, grouping: false }), { negative: true }), fen)
    }
  })
})
