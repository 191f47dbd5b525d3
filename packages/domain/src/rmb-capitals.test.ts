import assert from 'node:assert/strict'
import { rmbCapitals } from './rmb-capitals'

describe('amounts in Chinese capitals (人民币大写) on a receipt', () => {
  test('whole yuan end with 整', () => {
    assert.equal(rmbCapitals(680000), '陆仟捌佰元整')
    assert.equal(rmbCapitals(100), '壹元整')
    assert.equal(rmbCapitals(1000000), '壹万元整')
    assert.equal(rmbCapitals(0), '零元整')
  })
  test('jiao and fen, with 零 where a place is empty', () => {
    assert.equal(rmbCapitals(1), '壹分')
    assert.equal(rmbCapitals(10), '壹角')
    assert.equal(rmbCapitals(12), '壹角贰分')
    assert.equal(rmbCapitals(100005), '壹仟元零伍分')
    assert.equal(rmbCapitals(123450), '壹仟贰佰叁拾肆元伍角')
    assert.equal(rmbCapitals(10203), '壹佰零贰元零叁分')
  })
  test('inner zeros are read once, across the 万 section', () => {
    assert.equal(rmbCapitals(100100), '壹仟零壹元整')
    assert.equal(rmbCapitals(10010000), '拾万零壹佰元整'.replace(/^拾/, '壹拾'))
    assert.equal(rmbCapitals(100000100), '壹佰万零壹元整')
    assert.equal(rmbCapitals(1234567800), '壹仟贰佰叁拾肆万伍仟陆佰柒拾捌元整')
    assert.equal(rmbCapitals(100000000000), '壹拾亿元整')
    assert.equal(rmbCapitals(10000010000), '壹亿零壹佰元整')
  })
  test('refuses what is not an amount in fen', () => {
    assert.throws(() => rmbCapitals(-1), RangeError)
    assert.throws(() => rmbCapitals(1.5), RangeError)
  })
})
