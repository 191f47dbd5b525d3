import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { atRiskText, cellLook, LEGEND, rateText, rowTotals, sessionTitle, statisticsBy } from './figures.ts'

describe('a class’s attendance grid', () => {
  test('each status is a tag in its own colour, and the legend lists them in order', () => {
    assert.deepEqual(cellLook('出勤', '已结束'), { text: '出勤', color: 'green' })
    assert.deepEqual(cellLook('迟到', '上课中'), { text: '迟到', color: 'orange' })
    assert.deepEqual(cellLook('请假', '未开始'), { text: '请假', color: 'blue' })
    assert.deepEqual(cellLook('缺勤', '已结束'), { text: '缺勤', color: 'red' })
    assert.deepEqual(
      LEGEND.map((l) => `${l.text}:${l.color}`),
      ['出勤:green', '迟到:orange', '请假:blue', '缺勤:red'],
    )
  })

  test('a cell without a record says whether the session has not begun or the student has not checked in yet', () => {
    assert.deepEqual(cellLook(null, '未开始'), { text: '未开始' })
    assert.deepEqual(cellLook(null, '签到中'), { text: '未签到' })
    assert.deepEqual(cellLook(null, '上课中'), { text: '未签到' })
  })

  test('a student’s row counts each status; empty cells count for none', () => {
    assert.deepEqual(rowTotals(['出勤', '迟到', null, '出勤', '缺勤', '请假']), { 出勤: 2, 迟到: 1, 请假: 1, 缺勤: 1 })
    assert.deepEqual(rowTotals([]), { 出勤: 0, 迟到: 0, 请假: 0, 缺勤: 0 })
  })

  test('a session’s column names its day, weekday, start and course', () => {
    assert.deepEqual(sessionTitle({ date: '2026-12-04', startTime: '19:00', course: '管理学原理' }), {
      when: '12-04（周五）19:00',
      course: '管理学原理',
    })
    assert.equal(sessionTitle({ date: '2026-12-06', startTime: '09:00', course: 'x' }).when, '12-06（周日）09:00')
  })
})

describe('the figures', () => {
  test('a rate is shown with its percent sign, and as - when nothing was due', () => {
    assert.equal(rateText(87.5), '87.5%')
    assert.equal(rateText(0), '0%')
    assert.equal(rateText(null), '-')
  })

  test('statistics are by 学员 unless the address names another dimension', () => {
    assert.equal(statisticsBy('teacher'), 'teacher')
    assert.equal(statisticsBy('course'), 'course')
    assert.equal(statisticsBy(undefined), 'student')
    assert.equal(statisticsBy('everyone'), 'student')
  })

  test('the at-risk list states its threshold and when it starts counting', () => {
    assert.equal(atRiskText(30, 3), '缺勤率达到 30% 的学员（已结束的课次满 3 节后才预警）')
  })
})
