import { ReferralBonusMode } from '../../wire.ts'
import type { LevelRow, ReferralBonusSetting } from './levels.repository.ts'

type LevelLike = Pick<LevelRow, 'id' | 'name' | 'minDeals' | 'commissionPerDeal'>

/** The highest level whose minimum is at most `deals` (levels sorted by minDeals ascending). */
export function tierFor<L extends LevelLike>(levels: L[], deals: number): L | undefined {
  let tier: L | undefined
  for (const level of levels) if (level.minDeals <= deals) tier = level
  return tier
}

/** The first level above the current tier, if any. */
export function nextTier<L extends LevelLike>(levels: L[], deals: number): L | undefined {
  return levels.find((l) => l.minDeals > deals)
}

export function toLevel(l: LevelLike) {
  return { id: l.id, name: l.name, minDeals: l.minDeals, commissionPerDeal: l.commissionPerDeal }
}

export function isUniqueViolation(error: unknown): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? '')}`
  return /duplicate key|unique constraint/i.test(text)
}

/** The bonus a referrer earns for one deal paying `commission` fen: fixed fen, or a percentage rounded down to the fen. */
export function referralBonusFor(setting: ReferralBonusSetting, commission: number): number {
  if (setting.mode === ReferralBonusMode.fixed) return setting.amount
  if (setting.mode === ReferralBonusMode.percent) return Math.floor((commission * setting.percent) / 100)
  return 0
}

/** How the console and the audit log say it. */
export function describeReferralBonus(setting: ReferralBonusSetting): string {
  if (setting.mode === ReferralBonusMode.fixed) return `推荐奖励：每单¥${(setting.amount / 100).toFixed(2)}`
  if (setting.mode === ReferralBonusMode.percent) return `推荐奖励：每单佣金的${setting.percent}%`
  return '推荐奖励：关闭'
}
