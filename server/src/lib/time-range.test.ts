import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'
import fc from 'fast-check'
import { TIME_TYPES, TimeType } from '../wire.ts'
import { cycleRange, timeTypeRange } from './time-range.ts'

dayjs.extend(utc)
dayjs.extend(timezone)

/**
 * The ranges are plain arithmetic on a fixed UTC+8 offset; dayjs with its time-zone plugin (the
 * IANA database through Intl) is the oracle they must agree with. China kept daylight saving from
 * 1986 to 1991 (the oracle found it): the fixed offset holds from 1992 on, which is all we need.
 */
function oracle(type: TimeType, now: Date): { from: Date; to: Date } {
  const local = dayjs(now).tz('Asia/Shanghai')
  const startOfWeek = local.startOf('day').subtract((local.day() + 6) % 7, 'day') // weeks start on Monday
  const span = (from: dayjs.Dayjs, to: dayjs.Dayjs) => ({ from: from.toDate(), to: to.toDate() })
  switch (type) {
    case TimeType.today:
      return span(local.startOf('day'), local.startOf('day').add(1, 'day'))
    case TimeType.yesterday:
      return span(local.startOf('day').subtract(1, 'day'), local.startOf('day'))
    case TimeType.thisWeek:
      return span(startOfWeek, startOfWeek.add(7, 'day'))
    case TimeType.lastWeek:
      return span(startOfWeek.subtract(7, 'day'), startOfWeek)
    case TimeType.thisMonth:
      return span(local.startOf('month'), local.startOf('month').add(1, 'month'))
    case TimeType.lastMonth:
      return span(local.startOf('month').subtract(1, 'month'), local.startOf('month'))
    case TimeType.thisYear:
      return span(local.startOf('year'), local.startOf('year').add(1, 'year'))
    case TimeType.lastYear:
      return span(local.startOf('year').subtract(1, 'year'), local.startOf('year'))
  }
}

describe('time ranges in Asia/Shanghai', () => {
  test('every time type agrees with dayjs in Asia/Shanghai at any instant from 1992 to 2100', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1992-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...TIME_TYPES),
        (now, type) => {
          assert.deepEqual(timeTypeRange(type, now), oracle(type, now), `${type} at ${now.toISOString()}`)
        },
      ),
      { numRuns: 2000 },
    )
  })

  test('the commission cycle is the calendar month, across the midnight that ends it in Beijing', () => {
    // 2026-05-31T16:00Z is 2026-06-01 00:00 in Beijing: the June cycle starts there.
    assert.deepEqual(cycleRange(new Date('2026-05-31T15:59:59.999Z')), {
      from: new Date('2026-04-30T16:00:00Z'),
      to: new Date('2026-05-31T16:00:00Z'),
    })
    assert.deepEqual(cycleRange(new Date('2026-05-31T16:00:00Z')), {
      from: new Date('2026-05-31T16:00:00Z'),
      to: new Date('2026-06-30T16:00:00Z'),
    })
  })
})
