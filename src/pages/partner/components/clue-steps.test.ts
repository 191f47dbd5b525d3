import type { ClueProgressStep } from '../../../api/ems/partner'
import { ClueSource, ClueStep } from '@activity/wire'
import { stepText } from './clue-steps'

const base: ClueProgressStep = {
  type: ClueStep.recorded,
  at: '2026-11-02T02:00:00.000Z',
  source: null,
  activityTitle: null,
  method: null,
  programme: null,
  commission: null,
  levelName: null,
  frozenUntil: null,
  reason: null,
}

describe("a clue's progress steps as the partner reads them", () => {
  it('say where the clue came from, with the activity when it was left on one', () => {
    expect(stepText({ ...base, source: ClueSource.activity, activityTitle: '秋季说明会' })).toEqual({
      title: '线索已登记',
      detail: '来源：活动 · 秋季说明会',
    })
    expect(stepText({ ...base, source: ClueSource.partner }).detail).toBe('来源：合伙人录入')
  })

  it('name how a follow-up was made and nothing of what was said', () => {
    expect(stepText({ ...base, type: ClueStep.followUp, method: '电话' })).toEqual({ title: '招生老师电话跟进', detail: null })
  })

  it('give a deal its programme, commission, tier and the day it can be withdrawn', () => {
    const deal = stepText({
      ...base,
      type: ClueStep.deal,
      programme: '会计学(本科)',
      commission: 20000,
      levelName: '白银',
      frozenUntil: '2026-11-09T02:00:00.000Z',
    })
    expect(deal.title).toBe('已成交：会计学(本科)')
    expect(deal.detail).toBe('佣金 +¥200.00（白银档位），2026-11-09起可提现')
  })

  it('tell a refunded deal with its reason and the commission clawed back', () => {
    expect(stepText({ ...base, type: ClueStep.cancelled, reason: '学员退学', commission: 20000 })).toEqual({
      title: '成交已退费',
      detail: '原因：学员退学，佣金 ¥200.00 已撤回',
    })
  })

  it('give an invalid clue its reason', () => {
    expect(stepText({ ...base, type: ClueStep.invalid, reason: '空号' })).toEqual({ title: '已标记为无效', detail: '原因：空号' })
  })
})
