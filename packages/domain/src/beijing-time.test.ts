import assert from 'node:assert/strict'
import { beijingDate, beijingDateText, beijingDateTime, beijingDayStart, beijingMinute, beijingMonth, shiftDate } from './beijing-time'

describe('Beijing time is UTC+8 whatever the machine', () => {
  test('an instant before UTC midnight is already the next day in Beijing', () => {
    const instant = new Date('2026-11-30T16:30:05Z')
    assert.equal(beijingDate(instant), '2026-12-01')
    assert.equal(beijingMonth(instant), '2026-12')
    assert.equal(beijingMinute(instant), '2026-12-01 00:30')
    assert.equal(beijingDateTime(instant.getTime()), '2026-12-01 00:30:05')
    assert.equal(beijingDateText(instant), '2026年12月1日')
    assert.equal(beijingDateText(instant, { year: false }), '12月1日')
  })

  test("a day starts at Beijing's midnight", () => {
    assert.equal(beijingDayStart('2026-12-01').toISOString(), '2026-11-30T16:00:00.000Z')
    assert.equal(beijingDate(beijingDayStart('2026-12-01')), '2026-12-01')
    assert.equal(beijingDate(beijingDayStart('2026-12-01').getTime() - 1), '2026-11-30')
  })

  test('a week on is seven calendar days, across a month and a year', () => {
    assert.equal(shiftDate('2026-12-28', 7), '2027-01-04')
    assert.equal(shiftDate('2026-03-02', -7), '2026-02-23')
  })
})
