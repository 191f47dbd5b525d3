import { tierProgress } from './tier-progress'

const levels = {
  bronze: { name: '青铜', minDeals: 0, commissionPerDeal: 10000 },
  silver: { name: '白银', minDeals: 3, commissionPerDeal: 15000 },
  gold: { name: '黄金', minDeals: 6, commissionPerDeal: 20000 },
  diamond: { name: '钻石', minDeals: 10, commissionPerDeal: 300000 },
}

describe('the progress to the next tier', () => {
  it('fills with the deals of this cycle against the next tier minimum and says what is left', () => {
    const p = tierProgress({ tier: levels.silver, nextTier: levels.gold, dealsThisCycle: 4, dealsToNext: 2 })
    expect(p).toEqual({ percent: 66, remaining: 2, target: 6, hint: '再成交 2 单升级为黄金，每单 ¥200.00' })
  })

  it('starts empty with no deal yet', () => {
    const p = tierProgress({ tier: levels.bronze, nextTier: levels.silver, dealsThisCycle: 0, dealsToNext: 3 })
    expect(p.percent).toBe(0)
    expect(p.hint).toBe('再成交 3 单升级为白银，每单 ¥150.00')
  })

  it('writes large commissions with thousands separators', () => {
    expect(tierProgress({ tier: levels.gold, nextTier: levels.diamond, dealsThisCycle: 9, dealsToNext: 1 }).hint).toBe(
      '再成交 1 单升级为钻石，每单 ¥3,000.00',
    )
  })

  it('computes what is left when the server leaves it out', () => {
    expect(tierProgress({ tier: levels.silver, nextTier: levels.gold, dealsThisCycle: 5, dealsToNext: null }).remaining).toBe(1)
  })

  it('is full at the top tier', () => {
    expect(tierProgress({ tier: levels.diamond, nextTier: null, dealsThisCycle: 12, dealsToNext: null })).toEqual({
      percent: 100,
      remaining: 0,
      target: null,
      hint: '已达最高档位，继续保持',
    })
  })

  it('says so when no tier is configured', () => {
    expect(tierProgress({ tier: null, nextTier: null, dealsThisCycle: 0, dealsToNext: null }).hint).toBe('暂无档位配置')
  })
})
