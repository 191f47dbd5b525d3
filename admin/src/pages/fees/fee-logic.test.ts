import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CouponKind } from '@activity/wire'
import { academicYears, batchLabel, couponValue, couponWorth, refundAmount } from './fee-logic.ts'

describe('the 缴费 screens’ rules', () => {
  test('academic years start in September', () => {
    assert.deepEqual(academicYears(new Date(2026, 8, 1)), ['2025-2026', '2026-2027', '2027-2028', '2028-2029'])
    assert.deepEqual(academicYears(new Date(2026, 7, 31)), ['2024-2025', '2025-2026', '2026-2027', '2027-2028'])
  })
  test('a standard names the batches it covers', () => {
    assert.equal(batchLabel({ batchYear: null, batch: null }), '全部批次')
    assert.equal(batchLabel({ batchYear: 2026, batch: null }), '2026年全部批次')
    assert.equal(batchLabel({ batchYear: 2026, batch: 1 }), '2026年1期')
  })
  test('a coupon is typed in yuan or in 折, and read back the same way', () => {
    assert.deepEqual(couponValue(CouponKind.amount, '100'), { value: 10000 })
    assert.ok('refusal' in couponValue(CouponKind.amount, '0'))
    assert.ok('refusal' in couponValue(CouponKind.amount, '1.234'))
    assert.deepEqual(couponValue(CouponKind.rate, '9.5'), { value: 95 })
    assert.deepEqual(couponValue(CouponKind.rate, '8'), { value: 80 })
    assert.ok('refusal' in couponValue(CouponKind.rate, '10'))
    assert.ok('refusal' in couponValue(CouponKind.rate, '0'))
    assert.equal(couponWorth({ kind: CouponKind.rate, value: 95 }), '9.5折')
    assert.equal(couponWorth({ kind: CouponKind.rate, value: 80 }), '8折')
    assert.equal(couponWorth({ kind: CouponKind.amount, value: 10000 }), '减¥100.00')
  })
  test('a refund never goes above what may still be refunded', () => {
    assert.deepEqual(refundAmount('45', 18000), { amount: 4500 })
    assert.deepEqual(refundAmount('180.01', 18000), { refusal: '退款金额不能超过可退金额 ¥180.00' })
    assert.ok('refusal' in refundAmount('-1', 18000))
  })
})
