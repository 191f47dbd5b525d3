import type { ClueProgressStep } from '../../../api/ems/partner'
import { formatDate } from '../../../utils/date'
import { formatYuan } from '@activity/money'
import { ClueStep } from '@activity/wire'

/** What a step says: a title and, where there is more, a line under it. */
export function stepText(step: ClueProgressStep): { title: string; detail: string | null } {
  switch (step.type) {
    case ClueStep.recorded:
      return { title: '线索已登记', detail: `来源：${step.source ?? '—'}${step.activityTitle ? ` · ${step.activityTitle}` : ''}` }
    case ClueStep.taken:
      return { title: '机构已受理', detail: '招生老师已接手，会尽快与对方联系' }
    case ClueStep.followUp:
      return { title: `招生老师${step.method ?? ''}跟进`, detail: null }
    case ClueStep.deal: {
      const money = step.commission !== null ? `佣金 ${formatYuan(step.commission, { sign: true })}` : '无佣金'
      const tier = step.levelName ? `（${step.levelName}档位）` : ''
      const frozen = step.frozenUntil ? `，${formatDate(step.frozenUntil, 'yyyy-MM-dd')}起可提现` : ''
      return { title: `已成交：${step.programme ?? '—'}`, detail: `${money}${tier}${frozen}` }
    }
    case ClueStep.cancelled: {
      const money = step.commission !== null ? `，佣金 ${formatYuan(step.commission)} 已撤回` : ''
      return { title: '成交已退费', detail: `原因：${step.reason ?? '—'}${money}` }
    }
    case ClueStep.invalid:
      return { title: '已标记为无效', detail: `原因：${step.reason ?? '—'}` }
  }
}
