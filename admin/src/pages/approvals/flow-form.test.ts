import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Flow } from '../../api/approvals'
import { conditionText, flowBody, flowValues, namedInFlows, withKnown } from './flow-form.ts'

const LEAVE: Flow = {
  kind: 'leave',
  kindName: '请假',
  custom: true,
  steps: [
    { name: '班主任审批', approver: { type: 'headTeacher' }, approverName: '班主任', mode: 'any', minDays: null },
    { name: '教务处审批', approver: { type: 'position', positionId: 5 }, approverName: '教务处', mode: 'all', minDays: 3 },
  ],
  cc: [{ type: 'departmentHead', departmentId: 2, approverName: '教学部负责人' }],
  overdueHours: 24,
  revokeDays: 7,
  updatedAt: null,
}

describe('审批流程', () => {
  test('a flow goes to the form and back unchanged', () => {
    assert.deepEqual(flowBody('leave', flowValues(LEAVE)), {
      kind: 'leave',
      steps: [
        { name: '班主任审批', approver: { type: 'headTeacher' }, mode: 'any', minDays: null },
        { name: '教务处审批', approver: { type: 'position', positionId: 5 }, mode: 'all', minDays: 3 },
      ],
      cc: [{ type: 'departmentHead', departmentId: 2 }],
      overdueHours: 24,
      revokeDays: 7,
    })
  })

  test('an approver carries only what its type asks for: a position, a department, or nothing', () => {
    const body = flowBody('leave', {
      steps: [
        { name: ' 班主任 ', type: 'headTeacher', positionId: 5, departmentId: 2, mode: 'any' },
        { name: '部门', type: 'departmentHead', positionId: 5, departmentId: 2, mode: 'any', minDays: 0 },
      ],
      cc: [],
    })
    assert.deepEqual(
      body.steps.map((s) => [s.name, s.approver, s.minDays]),
      [
        ['班主任', { type: 'headTeacher' }, null],
        ['部门', { type: 'departmentHead', departmentId: 2 }, 0],
      ],
    )
  })

  test('a step may ask the operators holding a right (有权限的操作员), and only a right the console knows', () => {
    const body = flowBody('rollCorrection', {
      steps: [{ name: '教务审批', type: 'right', right: 'rollRequests.approve', positionId: 5, mode: 'any' }],
      cc: [],
    })
    assert.deepEqual(body.steps[0]!.approver, { type: 'right', right: 'rollRequests.approve' })
    assert.throws(() => flowBody('leave', { steps: [{ name: 'a', type: 'right' }], cc: [] }), /第1步请选择权限/)
    assert.throws(() => flowBody('leave', { steps: [{ name: 'a', type: 'right', right: 'nothing.here' }], cc: [] }), /第1步请选择权限/)
  })

  test('a step without its name, position or department is refused, naming the step', () => {
    assert.throws(() => flowBody('leave', { steps: [{ type: 'headTeacher', name: '  ' }], cc: [] }), /第1步请填写步骤名称/)
    assert.throws(
      () =>
        flowBody('leave', {
          steps: [
            { name: 'a', type: 'headTeacher' },
            { name: 'b', type: 'position' },
          ],
          cc: [],
        }),
      /第2步请选择岗位/,
    )
    assert.throws(() => flowBody('leave', { steps: [{ name: 'a', type: 'departmentHead' }], cc: [] }), /第1步请选择部门/)
    assert.throws(
      () => flowBody('leave', { steps: [{ name: 'a', type: 'headTeacher' }], cc: [{ type: 'position' }] }),
      /第1个抄送请选择岗位/,
    )
  })

  test('a flow needs a step, and at most ten', () => {
    assert.throws(() => flowBody('leave', { steps: [], cc: [] }), /至少需要一个审批步骤/)
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `第${i}步`, type: 'headTeacher' as const }))
    assert.throws(() => flowBody('leave', { steps: eleven, cc: [] }), /不能超过10个/)
  })

  test('a copy named twice is sent once; a flow without days (学籍变更) sends none', () => {
    const body = flowBody('rollCorrection', {
      steps: [{ name: '班主任审批', type: 'headTeacher', mode: 'any', minDays: 3 }],
      cc: [
        { type: 'position', positionId: 5 },
        { type: 'position', positionId: 5 },
      ],
      overdueHours: 48,
      revokeDays: 0,
    })
    assert.deepEqual(body.cc, [{ type: 'position', positionId: 5 }])
    assert.equal(body.steps[0]!.minDays, null)
    assert.deepEqual([body.overdueHours, body.revokeDays], [48, 0])
  })

  test('when a step is asked, in words', () => {
    assert.equal(conditionText(3), '请假超过3天时')
    assert.equal(conditionText(null), '每次都需要')
  })

  test('an editor that may not read the positions or departments is offered those the flows name', () => {
    const known = namedInFlows([LEAVE])
    assert.deepEqual(known, { positions: [{ value: 5, label: '教务处' }], departments: [{ value: 2, label: '教学部' }] })
    assert.deepEqual(withKnown(undefined, known.positions), [{ value: 5, label: '教务处' }])
    assert.deepEqual(withKnown([{ id: 1, name: '管理员' }], known.positions), [{ value: 1, label: '管理员' }])
  })
})
