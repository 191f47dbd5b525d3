import assert from 'node:assert/strict'
import { halfDaySlot, halfDaysText, leaveHalfDays, slotHalfDay } from './leave'

describe('leave in half-days', () => {
  test('leave counts half-days, both ends included, never truncated', () => {
    assert.equal(leaveHalfDays('2026-12-07', '上午', '2026-12-07', '上午'), 1)
    assert.equal(leaveHalfDays('2026-12-07', '上午', '2026-12-08', '上午'), 3)
    assert.equal(leaveHalfDays('2026-12-07', '下午', '2026-12-08', '上午'), 2)
    assert.equal(leaveHalfDays('2026-12-07', '上午', '2026-12-10', '下午'), 8)
    assert.equal(leaveHalfDays('2026-02-28', '下午', '2026-03-01', '上午'), 2)
    assert.ok(leaveHalfDays('2026-12-08', '上午', '2026-12-07', '下午') <= 0)
    assert.deepEqual([halfDaysText(3), halfDaysText(2), halfDaysText(1), halfDaysText(9)], ['1.5天', '1天', '0.5天', '4.5天'])
  })

  test('a slot names its half-day back, and a malformed date has none', () => {
    for (const [d, h] of [
      ['2026-12-07', '上午'],
      ['2030-01-31', '下午'],
      ['2000-01-01', '上午'],
    ] as const)
      assert.deepEqual(slotHalfDay(halfDaySlot(d, h)), { date: d, half: h })
    assert.ok(Number.isNaN(halfDaySlot('2026-02-30', '上午')))
    assert.ok(Number.isNaN(halfDaySlot('2026-2-3', '上午')))
  })
})
