import { formatYuan } from '@activity/money'
import { ReferralBonusMode } from '../../../wire.ts'
import type { LevelRow, ReferralBonusSetting } from './levels.repository.ts'

type LevelLike = Pick<LevelRow, 'id' | 'name' | 'minDeals' | 'commissionPerDeal'>

/** The tier rule (which tier a deal count reaches, the next one, the referral bonus) is the one the console previews. */
export { nextTier, referralBonusFor, tierFor } from '@activity/domain'

export function toLevel(l: LevelLike) {
  return { id: l.id, name: l.name, minDeals: l.minDeals, commissionPerDeal: l.commissionPerDeal }
}

export function isUniqueViolation(error: unknown): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? '')}`
  return /duplicate key|unique constraint/i.test(text)
}

/** How the console and the audit log say it. */
export function describeReferralBonus(setting: ReferralBonusSetting): string {
  if (setting.mode === ReferralBonusMode.fixed) return `推荐奖励：每单${formatYuan(setting.amount, { grouping: false })}`
  if (setting.mode === ReferralBonusMode.percent) return `推荐奖励：每单佣金的${setting.percent}%`
  return '推荐奖励：关闭'
}
