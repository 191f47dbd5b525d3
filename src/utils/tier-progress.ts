import { formatYuan } from '@activity/money'

/** The part of the home and tier answers the progress to the next tier is computed from. */
export interface TierState {
  tier: { name: string; minDeals: number; commissionPerDeal: number } | null
  nextTier: { name: string; minDeals: number; commissionPerDeal: number } | null
  dealsThisCycle: number
  dealsToNext: number | null
}

export interface TierProgress {
  /** 0-100: deals this cycle against the next tier's minimum; 100 at the top tier. */
  percent: number
  /** Deals still needed for the next tier; 0 at the top. */
  remaining: number
  /** The next tier's minimum, or null at the top. */
  target: number | null
  /** What the bar says under it. */
  hint: string
}

/**
 * Progress to the next tier (PRODUCT.md "Tiers and deals"): the bar fills with this cycle's deals
 * against the next tier's minimum, and says how many more deals reach it at what commission.
 */
export function tierProgress(state: TierState): TierProgress {
  const deals = Math.max(0, state.dealsThisCycle)
  const next = state.nextTier
  if (!next) {
    return {
      percent: state.tier ? 100 : 0,
      remaining: 0,
      target: null,
      hint: state.tier ? '已达最高档位，继续保持' : '暂无档位配置',
    }
  }
  const remaining = Math.max(1, state.dealsToNext ?? next.minDeals - deals)
  const percent = next.minDeals > 0 ? Math.min(100, Math.max(0, Math.floor((deals / next.minDeals) * 100))) : 0
  return {
    percent,
    remaining,
    target: next.minDeals,
    hint: `再成交 ${remaining} 单升级为${next.name}，每单 ${formatYuan(next.commissionPerDeal)}`,
  }
}
