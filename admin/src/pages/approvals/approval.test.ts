import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { batchSummary, boxOf, boxesFor, decisionTexts, fieldsLine, needsComment, stepState } from './approval.ts'

describe('审批', () => {
  test('every operator has 待我审批, 我已审批 and 抄送我的; 全部审批 only with 查看全部审批', () => {
    assert.deepEqual(
      boxesFor(false).map((b) => b.label),
      ['待我审批', '我已审批', '抄送我的'],
    )
    assert.deepEqual(
      boxesFor(true).map((b) => b.key),
      ['waiting', 'done', 'cc', 'all'],
    )
  })

  test('an address opens its box; an unknown one, or 全部审批 without the right, opens 待我审批', () => {
    assert.equal(boxOf('cc', false), 'cc')
    assert.equal(boxOf(undefined, true), 'waiting')
    assert.equal(boxOf('nonsense', true), 'waiting')
    assert.equal(boxOf('all', false), 'waiting')
    assert.equal(boxOf('all', true), 'all')
  })

  test('驳回 and 退回 need a reason the applicant reads; 同意 may go without one', () => {
    assert.equal(needsComment('approve'), false)
    assert.equal(needsComment('refuse'), true)
    assert.equal(needsComment('return'), true)
    assert.deepEqual(decisionTexts('refuse'), { verb: '驳回', comment: '驳回原因', done: '已驳回' })
    assert.equal(decisionTexts('approve').comment, '审批意见')
    assert.match(decisionTexts('return').done, /^已退回/)
  })

  test("a step's state: passed, under way, refused or returned, and the rest waiting", () => {
    assert.deepEqual(['已通过', '审批中', '已驳回', '已退回', '未开始', '已取消'].map(stepState), [
      'finish',
      'process',
      'error',
      'error',
      'wait',
      'wait',
    ])
  })

  test("a request's fields in one line, the first few", () => {
    const fields = [
      { label: '请假类型', value: '病假' },
      { label: '时长', value: '0.5天' },
      { label: '事由', value: '复查' },
    ]
    assert.equal(fieldsLine(fields, 2), '请假类型：病假 · 时长：0.5天')
    assert.equal(fieldsLine([]), '')
  })

  test('a batch says how many were decided and keeps the refused ones with their reasons', () => {
    const ok = { id: 1, ok: true, status: '已通过', message: '已通过' }
    const stale = { id: 2, ok: false, status: null, message: '该审批已处理' }
    assert.deepEqual(batchSummary([ok, { ...ok, id: 3 }], 'approve'), { text: '2 条已同意', failed: [] })
    assert.deepEqual(batchSummary([ok, stale], 'refuse'), { text: '1 条已驳回，1 条未能驳回', failed: [stale] })
    assert.equal(batchSummary([stale], 'approve').text, '1 条未能同意')
  })
})
