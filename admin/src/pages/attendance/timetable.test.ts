import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  planBody,
  planRefusal,
  planSummary,
  planValues,
  plannedCount,
  sessionActions,
  sessionBody,
  sessionRefusal,
  sessionValues,
  weeklyDates,
  type PlanValues,
} from './timetable.ts'

const weekly: PlanValues = {
  ...planValues(),
  classId: 3,
  course: ' 管理学原理 ',
  teacherId: 7,
  repeat: 'weekly',
  // 2026-12-01 is a Tuesday.
  range: ['2026-12-01', '2026-12-31'],
  weekdays: [4, 2, 2],
  time: ['19:00', '21:00'],
  place: ' 教学楼A201 ',
}

describe('排课', () => {
  test('a weekly plan goes out with its range, its weekdays once each in order, and the text trimmed', () => {
    assert.equal(planRefusal(weekly), null)
    assert.deepEqual(planBody(weekly), {
      classId: 3,
      course: '管理学原理',
      teacherId: 7,
      startTime: '19:00',
      endTime: '21:00',
      place: '教学楼A201',
      onlineUrl: '',
      firstDate: '2026-12-01',
      lastDate: '2026-12-31',
      weekdays: [2, 4],
    })
  })

  test('a one-off session goes out as its day alone: no last date, so the server makes one session', () => {
    const once: PlanValues = { ...weekly, repeat: 'once', date: '2026-12-12', place: '', onlineUrl: 'https://meeting.example/1 ' }
    assert.equal(planRefusal(once), null)
    const body = planBody(once)
    assert.equal(body.firstDate, '2026-12-12')
    assert.equal('lastDate' in body, false)
    assert.equal('weekdays' in body, false)
    assert.equal(body.onlineUrl, 'https://meeting.example/1')
    assert.equal(plannedCount(once), 1)
  })

  test('counts the sessions a weekly plan makes before holidays: every Tuesday and Thursday of December 2026', () => {
    assert.equal(plannedCount(weekly), 10)
    assert.deepEqual(weeklyDates('2026-12-01', '2026-12-08', [2]), ['2026-12-01', '2026-12-08'])
    assert.deepEqual(weeklyDates('2026-12-07', '2026-12-13', [1, 7]), ['2026-12-07', '2026-12-13'])
    assert.deepEqual(weeklyDates('2026-12-01', '2026-12-31', []), [])
  })

  test('what is missing or wrong is said before sending', () => {
    assert.equal(planRefusal({ ...weekly, repeat: 'once', date: undefined }), '请选择上课日期')
    assert.equal(planRefusal({ ...weekly, range: undefined }), '请选择排课的日期范围')
    assert.equal(planRefusal({ ...weekly, weekdays: [] }), '请选择每周上课的星期')
    assert.equal(planRefusal({ ...weekly, range: ['2026-12-02', '2026-12-02'], weekdays: [1] }), '所选日期范围内没有所选的星期')
    assert.equal(planRefusal({ ...weekly, time: undefined }), '请选择上课时间')
    assert.equal(planRefusal({ ...weekly, time: ['21:00', '19:00'] }), '下课时间须晚于上课时间')
    assert.equal(planRefusal({ ...weekly, place: '  ', onlineUrl: '' }), '请填写上课地点或线上地址')
    assert.match(planRefusal({ ...weekly, range: ['2026-01-01', '2028-12-31'], weekdays: [1, 2, 3, 4, 5] }) ?? '', /一次最多排400节课/)
  })

  test('after 排课 the office is told how many sessions were made and which holidays were left out', () => {
    assert.deepEqual(planSummary({ created: 9, skipped: [], planKey: 'k' }), { title: '已排 9 节课' })
    assert.deepEqual(planSummary({ created: 7, skipped: ['2026-12-24', '2026-12-31'], planKey: 'k' }), {
      title: '已排 7 节课',
      detail: '跳过节假日 2 天：2026-12-24、2026-12-31',
    })
  })
})

const session = {
  id: 41,
  classId: 3,
  className: '1班',
  course: '管理学原理',
  teacherId: 7,
  teacherName: '王老师',
  date: '2026-12-03',
  startTime: '19:00',
  endTime: '21:00',
  startsAt: '2026-12-03T11:00:00.000Z',
  endsAt: '2026-12-03T13:00:00.000Z',
  place: '教学楼A201',
  onlineUrl: '',
  phase: '未开始' as const,
  cancelReason: null,
  planKey: null,
  checkInOpensAt: '2026-12-03T10:45:00.000Z',
  lateAt: '2026-12-03T11:10:00.000Z',
  counts: { total: 2, present: 0, late: 0, leave: 0, absent: 0, unmarked: 2 },
}

describe('修改 a session', () => {
  test('starts from the session and goes out with its id, a new time and place', () => {
    const values = sessionValues(session)
    assert.deepEqual(values.time, ['19:00', '21:00'])
    assert.equal(sessionRefusal(values), null)
    assert.deepEqual(sessionBody(41, { ...values, time: ['18:30', '20:30'], place: ' 教学楼B102 ' }), {
      id: 41,
      course: '管理学原理',
      teacherId: 7,
      date: '2026-12-03',
      startTime: '18:30',
      endTime: '20:30',
      place: '教学楼B102',
      onlineUrl: '',
    })
    assert.equal(sessionRefusal({ ...values, time: ['20:00', '20:00'] }), '下课时间须晚于上课时间')
    assert.equal(sessionRefusal({ ...values, place: '', onlineUrl: '' }), '请填写上课地点或线上地址')
  })
})

describe('what a session offers', () => {
  const at = (iso: string) => Date.parse(iso)

  test('before it starts: change, cancel and the room screen; no roll call yet', () => {
    assert.deepEqual(sessionActions(session, at('2026-12-03T09:00:00Z')), { change: true, cancel: true, screen: true, rollCall: false })
  })

  test('once check-in opened it can no longer be cancelled after its start, and the roll call opens', () => {
    const running = { ...session, phase: '上课中' as const }
    assert.deepEqual(sessionActions(running, at('2026-12-03T11:30:00Z')), { change: true, cancel: false, screen: true, rollCall: true })
    const checkIn = { ...session, phase: '签到中' as const }
    assert.deepEqual(sessionActions(checkIn, at('2026-12-03T10:50:00Z')), { change: true, cancel: true, screen: true, rollCall: true })
  })

  test('an ended session is only corrected by roll call; a cancelled one offers nothing', () => {
    const ended = { ...session, phase: '已结束' as const }
    assert.deepEqual(sessionActions(ended, at('2026-12-03T14:00:00Z')), { change: false, cancel: false, screen: false, rollCall: true })
    const cancelled = { ...session, phase: '已取消' as const }
    assert.deepEqual(sessionActions(cancelled, at('2026-12-03T09:00:00Z')), {
      change: false,
      cancel: false,
      screen: false,
      rollCall: false,
    })
  })
})
