import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { parseDateTime } from './form-fields.ts'

/** Runs `fn` with the process in time zone `tz` (Node reads TZ again when it is set). */
function inZone<T>(tz: string, fn: () => T): T {
  const zone = process.env.TZ
  process.env.TZ = tz
  try {
    return fn()
  } finally {
    if (zone === undefined) delete process.env.TZ
    else process.env.TZ = zone
  }
}

describe('parseDateTime: one reading of a date-time input', () => {
  test("a time without an offset is Asia/Shanghai's wall clock, whatever the server's zone", () => {
    for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Shanghai'])
      inZone(tz, () => {
        for (const value of ['2026-12-31 23:59:59', '2026-12-31T23:59:59', ' 2026-12-31 23:59:59.000 '])
          assert.equal(parseDateTime(value)?.toISOString(), '2026-12-31T15:59:59.000Z', `${value} in ${tz}`)
        assert.equal(parseDateTime('2026-12-31 23:59')?.toISOString(), '2026-12-31T15:59:00.000Z')
        assert.equal(parseDateTime('2026-12-31')?.toISOString(), '2026-12-30T16:00:00.000Z')
      })
  })

  test('an offset, Z or epoch milliseconds are kept as given', () => {
    inZone('UTC', () => {
      assert.equal(parseDateTime('2026-12-31T23:59:59Z')?.toISOString(), '2026-12-31T23:59:59.000Z')
      assert.equal(parseDateTime('2026-12-31T23:59:59+08:00')?.toISOString(), '2026-12-31T15:59:59.000Z')
      assert.equal(parseDateTime('2026-12-31T23:59:59-0500')?.toISOString(), '2027-01-01T04:59:59.000Z')
      assert.equal(parseDateTime('1798732799000')?.toISOString(), '2026-12-31T15:59:59.000Z')
    })
  })

  test('an impossible or foreign date is no date', () => {
    for (const value of ['2026-02-30 10:00:00', '2026-13-01', '2026-12-31 24:00:00', 'Dec 31 2026', '31/12/2026', ''])
      assert.equal(parseDateTime(value), undefined, value)
  })
})
