import { badgeText, boxOf, decisionProblem, fieldsSummary, isWholePhone, readText, targetText } from './staff-approvals'

describe("the approver's pages' rules", () => {
  it('opens 待我审批 unless the address names another list', () => {
    expect([boxOf(undefined), boxOf('done'), boxOf('cc'), boxOf('all')]).toEqual(['waiting', 'done', 'cc', 'waiting'])
  })

  it('asks a reason for 驳回 and 退回, none for 同意', () => {
    expect(decisionProblem('approve', '')).toBe('')
    expect(decisionProblem('refuse', '  ')).toBe('请填写驳回原因')
    expect(decisionProblem('return', '')).toBe('请填写退回原因')
    expect(decisionProblem('return', '请补充医院证明')).toBe('')
    expect(decisionProblem('approve', 'x'.repeat(201))).toBe('意见不能超过200个字符')
  })

  it('summarises the first fields of a request on one line, skipping empty ones', () => {
    const fields = [
      { label: '请假类型', value: '病假' },
      { label: '备注', value: '' },
      { label: '时长', value: '1.5天' },
      { label: '开始', value: '3月2日 上午' },
      { label: '结束', value: '3月3日 上午' },
    ]
    expect(fieldsSummary(fields)).toBe('请假类型：病假 · 时长：1.5天 · 开始：3月2日 上午')
  })

  it('offers a call only for a phone the position sees whole', () => {
    expect([isWholePhone('13900000000'), isWholePhone('139****0000'), isWholePhone(null), isWholePhone('')]).toEqual([
      true,
      false,
      false,
      false,
    ])
  })

  it('counts readers and caps the badge', () => {
    expect([readText(3, 5), readText(0, 0)]).toEqual(['已读 3/5', '无学员'])
    expect([
      targetText({ deals: 3, dealTarget: 10, dealProgress: 30 }),
      targetText({ deals: 2, dealTarget: null, dealProgress: null }),
    ]).toEqual(['本月目标：成交 3 / 10（30%）', '本月目标：未设置（已成交 2）'])
    expect([badgeText(0), badgeText(2), badgeText(120)]).toEqual(['', '2', '99+'])
  })
})
