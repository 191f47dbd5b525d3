import assert from 'node:assert/strict'
import { cycleEarnings, nextTier, type ReferralBonusLike, referralBonusFor, tierFor, type TierLike } from './tiers'

/** The rule read literally, as an oracle: the last tier, in ascending minimum, whose minimum is at most `deals`. */
function literalTier<T extends TierLike>(ascending: T[], deals: number): T | undefined {
  return ascending.filter((t) => t.minDeals <= deals).at(-1)
}

const TIERS = [
  { id: 1, name: '青铜', minDeals: 1, commissionPerDeal: 50000 },
  { id: 2, name: '白银', minDeals: 4, commissionPerDeal: 80000 },
  { id: 3, name: '黄金', minDeals: 10, commissionPerDeal: 120000 },
]

describe('the tier rule: what a deal earns', () => {
  test('a deal earns the tier reached counting it; earlier deals are not re-priced', () => {
    // Deals 1-3 at 青铜, 4-9 at 白银, the 10th at 黄金.
    const { total, lines } = cycleEarnings(TIERS, 10)
    assert.deepEqual(
      lines.map((l) => [l.tier, l.from, l.to, l.perDeal, l.subtotal]),
      [
        ['青铜', 1, 3, 50000, 150000],
        ['白银', 4, 9, 80000, 480000],
        ['黄金', 10, 10, 120000, 120000],
      ],
    )
    assert.equal(total, 150000 + 480000 + 120000)
  })

  test('deals below the lowest tier earn nothing, and no deals earn nothing', () => {
    const tiers = [{ name: '起步', minDeals: 3, commissionPerDeal: 10000 }]
    assert.deepEqual(cycleEarnings(tiers, 4), {
      total: 20000,
      lines: [
        { tier: null, from: 1, to: 2, perDeal: 0, subtotal: 0 },
        { tier: '起步', from: 3, to: 4, perDeal: 10000, subtotal: 20000 },
      ],
    })
    assert.deepEqual(cycleEarnings(tiers, 0), { total: 0, lines: [] })
    assert.deepEqual(cycleEarnings([], 5).total, 0)
  })

  test('tiers in any order give the same answer', () => {
    assert.deepEqual(cycleEarnings([...TIERS].reverse(), 7), cycleEarnings(TIERS, 7))
  })

  test('tierFor and the earnings of a cycle follow the rule read literally, deal by deal, on random tier tables', () => {
    let seed = 42
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (let round = 0; round < 200; round++) {
      const mins = new Set<number>()
      const count = random(5)
      while (mins.size < count) mins.add(random(30))
      const tiers = [...mins]
        .sort((a, b) => a - b)
        .map((minDeals, i) => ({ id: i + 1, name: `T${minDeals}`, minDeals, commissionPerDeal: random(100000) }))
      const deals = random(40)
      // What recordDeal credits: deal k is priced at tierFor(levels, k) (k = deals before it + 1).
      let credited = 0
      for (let k = 1; k <= deals; k++) credited += literalTier(tiers, k)?.commissionPerDeal ?? 0
      assert.equal(cycleEarnings(tiers, deals).total, credited, JSON.stringify({ tiers, deals }))
      assert.equal(tierFor(tiers, deals)?.name, literalTier(tiers, deals)?.name)
      assert.equal(tierFor([...tiers].reverse(), deals)?.name, literalTier(tiers, deals)?.name)
      assert.equal(nextTier(tiers, deals)?.name, tiers.find((t) => t.minDeals > deals)?.name)
    }
  })
})

describe('the referral bonus', () => {
  test('off pays nothing, a fixed amount pays it per deal, a percentage is rounded down to the fen', () => {
    const cases: Array<[ReferralBonusLike, number, number]> = [
      [{ mode: '关闭', amount: 500, percent: 10 }, 50000, 0],
      [{ mode: '固定金额', amount: 800, percent: 0 }, 50000, 800],
      [{ mode: '固定金额', amount: 800, percent: 0 }, 0, 800],
      [{ mode: '佣金比例', amount: 0, percent: 15 }, 10000, 1500],
      [{ mode: '佣金比例', amount: 0, percent: 15 }, 333, 49],
      [{ mode: '佣金比例', amount: 0, percent: 100 }, 12345, 12345],
      [{ mode: '佣金比例', amount: 0, percent: 1 }, 99, 0],
    ]
    for (const [setting, commission, bonus] of cases) {
      assert.equal(referralBonusFor(setting, commission), bonus, `${setting.mode} ${commission}`)
    }
  })
})
