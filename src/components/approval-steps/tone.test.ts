import { approvalTone } from './tone'

describe('an approval tag', () => {
  it('colours 审批中 orange, 已通过 green, 已驳回 red, 已退回 blue, 已撤回 and 已撤销 grey; a step 未开始 or 已取消 grey', () => {
    expect(['审批中', '已通过', '已驳回', '已退回', '已撤回', '已撤销'].map(approvalTone)).toEqual([
      'orange',
      'green',
      'red',
      'blue',
      'grey',
      'grey',
    ])
    expect(['审批中', '已通过', '未开始', '已取消'].map(approvalTone)).toEqual(['orange', 'green', 'grey', 'grey'])
  })
})
