import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { grantBody, grantSummary } from './grant.ts'

describe('开通课程', () => {
  test('to chosen students sends their ids once each, whatever form they were held in', () => {
    assert.deepEqual(grantBody(7, { mode: 'students', studentIds: [3, '5', 3, 'x', 0] }), { courseId: 7, studentIds: [3, 5] })
  })

  test('to chosen students refuses an empty choice', () => {
    assert.throws(() => grantBody(7, { mode: 'students', studentIds: [] }), /请选择要开通的学员/)
  })

  test('by the roll sends only the conditions filled in, trimmed, the batch as numbers; the ids are not sent', () => {
    assert.deepEqual(
      grantBody(7, { mode: 'roll', studentIds: [3], school: ' 浙江工商大学 ', major: '', level: '本科', batchYear: '2026', batch: 1 }),
      { courseId: 7, school: '浙江工商大学', level: '本科', batchYear: 2026, batch: 1 },
    )
  })

  test('by the roll with no condition would reach every student: refused', () => {
    assert.throws(() => grantBody(7, { mode: 'roll', school: '  ' }), /至少填写一个学籍条件/)
  })

  test('says how many were granted and how many had the course already', () => {
    assert.equal(grantSummary({ granted: 3, already: 0 }), '已为 3 名学员开通')
    assert.equal(grantSummary({ granted: 1, already: 2 }), '已为 1 名学员开通；2 名学员已有此课程，未重复开通')
    assert.equal(grantSummary({ granted: 0, already: 2 }), '没有新开通的学员：2 名学员已有此课程')
    assert.equal(grantSummary({ granted: 0, already: 0 }), '没有符合条件的学员')
  })
})
