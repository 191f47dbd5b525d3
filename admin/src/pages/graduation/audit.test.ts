import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { GraduationAudit } from '../../api/graduation.ts'
import {
  auditBody,
  auditUpdate,
  auditValues,
  blockedByOptions,
  checkTags,
  countItems,
  courseOptions,
  markableConditions,
  markSummary,
  selectable,
  submitSummary,
} from './audit.ts'

const audit: GraduationAudit = {
  id: 3,
  title: '2026年1期毕业审核',
  batchYear: 2026,
  batch: 1,
  graduationDate: '2026-07-01',
  requiredCourses: [
    { id: 11, title: '大学英语' },
    { id: 12, title: '高等数学' },
  ],
  conditions: [
    { id: 5, name: '学位英语', programme: '专升本' },
    { id: 6, name: '毕业实习', programme: null },
  ],
  createdBy: '教务处',
  createdAt: '2026-03-01T00:00:00.000Z',
}

describe('a graduation audit', () => {
  test('未满足条件 offers the automatic checks, then its own conditions (a programme’s named with it), by key', () => {
    assert.deepEqual(blockedByOptions(audit), [
      { value: 'roll', label: '学籍状态' },
      { value: 'tuition', label: '学费' },
      { value: 'courses', label: '必修课程' },
      { value: 'exams', label: '考试' },
      { value: 'thesis', label: '毕业论文' },
      { value: 'photo', label: '毕业照片' },
      { value: 'manual:5', label: '学位英语（专升本）' },
      { value: 'manual:6', label: '毕业实习' },
    ])
  })

  test('its counts read 学员 / 可提交 / 未满足 / 审核中 / 已毕业, in that order', () => {
    const items = countItems({ students: 40, ready: 12, blocked: 20, pending: 5, graduated: 3 })
    assert.deepEqual(
      items.map((i) => `${i.label} ${i.value}`),
      ['学员 40', '可提交 12', '未满足 20', '审核中 5', '已毕业 3'],
    )
  })

  test('a checklist becomes tags: green when met, red when not, what was found in the tooltip and the spoken label', () => {
    const tags = checkTags([
      { key: 'roll', kind: '学籍', name: '学籍状态', met: true, detail: '学籍状态：在读' },
      { key: 'tuition', kind: '学费', name: '学费', met: false, detail: '学费待缴 ¥3,000.00' },
    ])
    assert.deepEqual(tags, [
      { key: 'roll', text: '学籍状态', met: true, color: 'success', tip: '学籍状态：在读', label: '学籍状态已满足：学籍状态：在读' },
      { key: 'tuition', text: '学费', met: false, color: 'error', tip: '学费待缴 ¥3,000.00', label: '学费未满足：学费待缴 ¥3,000.00' },
    ])
  })

  test('a graduate is not picked again; every other state is', () => {
    assert.equal(selectable({ state: '已毕业' }), false)
    assert.equal(selectable({ state: '条件未满足' }), true)
    assert.equal(selectable({ state: '已驳回' }), true)
  })

  test('标记条件 offers a programme’s condition only when every student picked is in that programme', () => {
    const names = (rows: Array<{ programme: string | null }>) => markableConditions(audit.conditions, rows).map((c) => c.name)
    assert.deepEqual(names([{ programme: '专升本' }, { programme: '专升本' }]), ['学位英语', '毕业实习'])
    assert.deepEqual(names([{ programme: '专升本' }, { programme: '高起专' }]), ['毕业实习'])
    assert.deepEqual(names([{ programme: null }]), ['毕业实习'])
    assert.equal(markSummary(2, false, { name: '学位英语' }), '已将 2 名学员的「学位英语」标记为未满足')
  })

  test('提交审核 says how many went and lists who did not and why (a nameless one by number)', () => {
    assert.deepEqual(submitSummary({ submitted: 3, skipped: [] }), { type: 'success', title: '已提交 3 名学员审核', skipped: [] })
    assert.deepEqual(
      submitSummary({
        submitted: 1,
        skipped: [
          { studentId: 8, name: '张三', reason: '学费未满足' },
          { studentId: 9, name: '', reason: '不在本次毕业审核的批次中' },
        ],
      }),
      {
        type: 'warning',
        title: '已提交 1 名学员审核，2 名未提交',
        skipped: ['张三：学费未满足', '学员 #9：不在本次毕业审核的批次中'],
      },
    )
    assert.equal(
      submitSummary({ submitted: 0, skipped: [{ studentId: 8, name: '张三', reason: '审核中' }] }).title,
      '没有学员提交审核（1 名未提交）',
    )
  })

  test('the course picker keeps required courses the list does not hold', () => {
    assert.deepEqual(courseOptions([{ value: 11, label: '大学英语' }], audit.requiredCourses), [
      { value: 11, label: '大学英语' },
      { value: 12, label: '高等数学' },
    ])
  })

  test('a new audit starts in this year; the form sends the date as YYYY-MM-DD, the title trimmed, and an edit leaves the batch', () => {
    assert.deepEqual(auditValues(undefined, new Date('2026-05-01T00:00:00+08:00')), {
      title: '',
      batchYear: 2026,
      batch: undefined,
      graduationDate: undefined,
      requiredCourseIds: [],
    })
    const values = { ...auditValues(audit), title: ' 2026年1期 ', graduationDate: '2026-07-15 00:00:00' }
    assert.deepEqual(auditBody(values), {
      title: '2026年1期',
      batchYear: 2026,
      batch: 1,
      graduationDate: '2026-07-15',
      requiredCourseIds: [11, 12],
    })
    assert.deepEqual(auditUpdate(audit, values), { id: 3, title: '2026年1期', graduationDate: '2026-07-15', requiredCourseIds: [11, 12] })
  })
})
