import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { assignBody, assignPreview, assignSummary, classInput, filterText, previewText } from './class-form.ts'

describe('班级', () => {
  test('a class is sent trimmed, its batch as numbers, and no head teacher as null so an edit clears it', () => {
    assert.deepEqual(
      classInput({ name: ' 1班 ', school: ' 浙江工商大学', major: '工商管理 ', level: '本科', batchYear: '2026', batch: '1' }),
      { name: '1班', school: '浙江工商大学', major: '工商管理', level: '本科', batchYear: 2026, batch: 1, headTeacherId: null },
    )
    assert.equal(
      classInput({ name: 'a', school: 'b', major: 'c', level: '专科', batchYear: 2026, batch: 2, headTeacherId: 4 }).headTeacherId,
      4,
    )
  })
})

describe('分班', () => {
  test('picked students are sent once each, whatever form they were held in', () => {
    assert.deepEqual(assignBody(3, { mode: 'students', studentIds: [5, '7', 5, 'x', 0] }), { classId: 3, studentIds: [5, 7] })
  })

  test('picking nobody is refused before sending', () => {
    assert.throws(() => assignBody(3, { mode: 'students', studentIds: [] }), /请选择要分入本班的学员/)
  })

  test('by the roll sends only the conditions filled in, the batch as numbers, and unplaced when only those in no class go', () => {
    assert.deepEqual(
      assignBody(3, {
        mode: 'roll',
        studentIds: [5],
        school: ' 浙江工商大学 ',
        major: '',
        level: '本科',
        batchYear: '2026',
        batch: 1,
        status: '在读',
        unplacedOnly: true,
      }),
      { classId: 3, filter: { school: '浙江工商大学', level: '本科', batchYear: 2026, batch: 1, status: '在读', unplaced: true } },
    )
    assert.deepEqual(assignBody(3, { mode: 'roll', major: '工商管理', unplacedOnly: false }), { classId: 3, filter: { major: '工商管理' } })
  })

  test('the confirmation names the conditions', () => {
    assert.equal(
      filterText({ school: '浙江工商大学', level: '本科', batchYear: 2026, batch: 1, status: '在读', unplaced: true }),
      '浙江工商大学 · 本科 · 2026年1期 · 在读 · 未分班的学员',
    )
    assert.equal(filterText({ major: '工商管理' }), '工商管理 · 含其他班级的学员')
  })

  test('by the roll without a roll condition would place every student of the school: refused, whatever else is set', () => {
    assert.throws(() => assignBody(3, { mode: 'roll', school: '  ', status: '在读', unplacedOnly: true }), /至少填写一个学籍条件/)
  })

  test('the confirmation counts who joins, who moves from another class and who is here already', () => {
    const p = assignPreview({ matched: 12, unplaced: 5, inClass: 4 })
    assert.deepEqual(p, { joining: 8, moving: 3, already: 4, tooMany: false })
    assert.equal(previewText(p, '1班'), '8 名学员将分入「1班」；其中 3 名现在其他班级，将转入本班；4 名已在本班')
    assert.equal(previewText(assignPreview({ matched: 2, unplaced: 2, inClass: 0 }), '1班'), '2 名学员将分入「1班」')
    assert.equal(previewText(assignPreview({ matched: 2, unplaced: 0, inClass: 2 }), '1班'), '这 2 名学员已在「1班」，不需要分班')
    assert.equal(previewText(assignPreview({ matched: 0, unplaced: 0, inClass: 0 }), '1班'), '没有符合条件的学员')
  })

  test('more students than one placement takes is said before sending', () => {
    const p = assignPreview({ matched: 2001, unplaced: 2001, inClass: 0 })
    assert.equal(p.tooMany, true)
    assert.equal(previewText(p, '1班'), '符合条件的学员超过2000人，请缩小范围')
  })

  test('says how many joined, moved from another class, and were here already', () => {
    assert.equal(assignSummary({ joined: 3, moved: 0, already: 0 }), '已分入 3 名学员')
    assert.equal(assignSummary({ joined: 3, moved: 1, already: 2 }), '已分入 3 名学员（其中 1 名从其他班级转入）；2 名学员已在本班')
    assert.equal(assignSummary({ joined: 0, moved: 0, already: 2 }), '没有新分入的学员：2 名学员已在本班')
    assert.equal(assignSummary({ joined: 0, moved: 0, already: 0 }), '没有符合条件的学员')
  })
})
