import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { attendanceSettingsBody, attendanceSettingsValues, holidayDates, holidaysRefusal } from './attendance-settings.ts'

const settings = {
  'school.name': '学校',
  'commission.untilTuitionPaid': false,
  'receipt.payee': '学校',
  'receipt.seal': '',
  'attendance.opensMinutes': 15,
  'attendance.lateMinutes': 10,
  'attendance.leaveCounted': false,
  'attendance.warnPercent': 30,
  'attendance.warnMinSessions': 3,
  'attendance.makeUpPerMonth': 3,
  'attendance.holidays': '2026-10-01,2026-10-02',
}

describe('考勤设置', () => {
  test('starts from the saved settings and sends only the attendance keys back', () => {
    const values = attendanceSettingsValues(settings)
    assert.deepEqual(values, {
      opensMinutes: 15,
      lateMinutes: 10,
      leaveCounted: false,
      warnPercent: 30,
      warnMinSessions: 3,
      makeUpPerMonth: 3,
      holidays: '2026-10-01,2026-10-02',
    })
    assert.deepEqual(attendanceSettingsBody({ ...values, leaveCounted: true, warnPercent: 25 }), {
      'attendance.opensMinutes': 15,
      'attendance.lateMinutes': 10,
      'attendance.leaveCounted': true,
      'attendance.warnPercent': 25,
      'attendance.warnMinSessions': 3,
      'attendance.makeUpPerMonth': 3,
      'attendance.holidays': '2026-10-01\n2026-10-02',
    })
  })

  test('holidays typed in any order and separator are saved one date a line, in order, once each', () => {
    const typed = '2026-10-03，2026-10-01、2026-10-02\n\n2026-10-01  2026-05-01'
    assert.deepEqual(holidayDates(typed), { dates: ['2026-05-01', '2026-10-01', '2026-10-02', '2026-10-03'], wrong: [] })
    assert.equal(holidaysRefusal(typed), null)
    assert.equal(holidaysRefusal(''), null)
  })

  test('what is not a calendar date is named before sending', () => {
    assert.equal(holidaysRefusal('2026-10-01 10/2 2026-02-30'), '不是有效的日期：10/2、2026-02-30（格式 YYYY-MM-DD）')
    assert.equal(holidaysRefusal('a b c d e'), '不是有效的日期：a、b、c 等5项（格式 YYYY-MM-DD）')
  })
})
