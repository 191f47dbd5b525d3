import assert from 'node:assert/strict'
import { test } from 'node:test'
import { formatDate, formatDateTime, officeInstant, officeTime } from './format'

test('a time is shown on the office clock (Asia/Shanghai), whatever the zone it was written in', () => {
  assert.equal(formatDateTime('2025-03-04T01:30:00.000Z'), '2025-03-04 09:30')
  assert.equal(formatDateTime('2025-03-04T16:05:00.000Z'), '2025-03-05 00:05')
  assert.equal(formatDateTime('2025-03-04T09:30:00+08:00'), '2025-03-04 09:30')
  assert.equal(formatDate('2025-12-31T16:00:00.000Z'), '2026-01-01')
  // Midnight is 00, never 24.
  assert.equal(formatDateTime('2025-06-30T16:00:00.000Z'), '2025-07-01 00:00')
})

test('over a year of instants, in any browser zone (UTC+8 all year: Shanghai keeps no summer time)', () => {
  for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 7 * 3600_000 + 13 * 60_000) {
    const iso = new Date(t).toISOString()
    const wall = new Date(t + 8 * 3600_000).toISOString()
    assert.equal(formatDateTime(iso), `${wall.slice(0, 10)} ${wall.slice(11, 16)}`)
    assert.equal(formatDate(iso), wall.slice(0, 10))
  }
  assert.equal(officeTime('2025-03-04T16:05:00.000Z').format('YYYY-MM-DD HH:mm'), '2025-03-05 00:05')
})

test('nothing, or what is not a time, shows -', () => {
  assert.equal(formatDateTime(null), '-')
  assert.equal(formatDateTime(undefined), '-')
  assert.equal(formatDateTime(''), '-')
  assert.equal(formatDate('not a time'), '-')
})

test("an office wall-clock time is sent as the instant it names, whatever the browser's zone", () => {
  assert.equal(officeInstant('2025-03-04 09:30'), '2025-03-04T01:30:00.000Z')
  assert.equal(officeInstant('2025-03-05 00:10:00'), '2025-03-04T16:10:00.000Z')
})
