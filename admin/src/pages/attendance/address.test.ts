import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { boardQuery, filtersOf, statisticsQuery } from './address.ts'

const at = (search: string) => filtersOf(new URLSearchParams(search))

describe('考勤’s filters in the address', () => {
  test('the grid asks for the class, the course and the days the address holds', () => {
    assert.deepEqual(boardQuery(at('classId=3&course=管理学原理&date=2026-12-01&date=2026-12-31')), {
      classId: '3',
      course: '管理学原理',
      dateFrom: '2026-12-01',
      dateTo: '2026-12-31',
    })
    assert.deepEqual(boardQuery(at('classId=3')), { classId: '3' })
  })

  test('the grid asks for nothing until a class is chosen', () => {
    assert.equal(boardQuery(at('course=管理学原理')), undefined)
  })

  test('statistics take the dimension (学员 by default), the class and the days, and leave the grid’s course out', () => {
    assert.deepEqual(statisticsQuery(at('by=teacher&classId=3&course=x&date=2026-12-01&date=2026-12-31')), {
      by: 'teacher',
      classId: '3',
      dateFrom: '2026-12-01',
      dateTo: '2026-12-31',
    })
    assert.deepEqual(statisticsQuery(at('')), { by: 'student' })
  })
})
