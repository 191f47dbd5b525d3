/**
 * The commission rule of the tiers (档位), the one the back-office applies when a deal is recorded
 * and the console previews: the partner's deals of the cycle are counted one at a time; a deal
 * earns the commission of the tier reached counting that deal, and earlier deals keep the price
 * they were given.
 */
import { ReferralBonusMode } from '@activity/wire'

export interface TierLike {
  name: string
  minDeals: number
  /** fen */
  commissionPerDeal: number
}

/** The rule in words, shown above the tier list. */
export const TIER_RULE_TEXT =
  '合伙人本周期的每一笔成交，按「算上这一笔后达到的档位」计佣金；之后升档不会重算之前的成交。未达到任何档位的成交没有佣金。'

const byMinimum = <T extends TierLike>(tiers: readonly T[]): T[] => [...tiers].sort((a, b) => a.minDeals - b.minDeals)

/** The tier of a partner with `deals` deals: the highest whose minimum is at most `deals`. */
export function tierFor<T extends TierLike>(tiers: readonly T[], deals: number): T | undefined {
  let tier: T | undefined
  for (const t of byMinimum(tiers)) if (t.minDeals <= deals) tier = t
  return tier
}

/** The first tier above the one `deals` deals reach, if any. */
export function nextTier<T extends TierLike>(tiers: readonly T[], deals: number): T | undefined {
  return byMinimum(tiers).find((t) => t.minDeals > deals)
}

export interface EarningsLine {
  /** The tier the deals from `from` to `to` (1-based, inclusive) were priced at; null: no tier, no commission. */
  tier: string | null
  from: number
  to: number
  /** fen per deal */
  perDeal: number
  /** fen */
  subtotal: number
}

/**
 * What a partner with `deals` deals this cycle earns under `tiers`: deal k (k = 1..deals) earns
 * the commission of tierFor(tiers, k). Lines group consecutive deals priced at the same tier.
 */
export function cycleEarnings(tiers: readonly TierLike[], deals: number): { total: number; lines: EarningsLine[] } {
  const lines: EarningsLine[] = []
  const count = Number.isInteger(deals) && deals > 0 ? deals : 0
  const sorted = byMinimum(tiers)
  let k = 1
  while (k <= count) {
    const tier = tierFor(sorted, k)
    // The next tier's minimum is where the price next changes.
    const next = sorted.find((t) => t.minDeals > k)
    const to = Math.min(count, next ? next.minDeals - 1 : count)
    const perDeal = tier?.commissionPerDeal ?? 0
    lines.push({ tier: tier?.name ?? null, from: k, to, perDeal, subtotal: perDeal * (to - k + 1) })
    k = to + 1
  }
  return { total: lines.reduce((sum, l) => sum + l.subtotal, 0), lines }
}

/** The referral bonus setting as the server keeps it (`GET /api/ems/partner/config/level/referralBonus`). */
export interface ReferralBonusLike {
  mode: ReferralBonusMode
  /** fen per deal (固定金额) */
  amount: number
  /** % of the deal's commission (佣金比例) */
  percent: number
}

/**
 * What the referrer earns for one deal of a partner they brought in, paying `commission` fen: a
 * fixed amount, or the percentage rounded down to the fen.
 */
export function referralBonusFor(setting: ReferralBonusLike, commission: number): number {
  if (setting.mode === ReferralBonusMode.fixed) return setting.amount
  if (setting.mode === ReferralBonusMode.percent) return Math.floor((commission * setting.percent) / 100)
  return 0
}
