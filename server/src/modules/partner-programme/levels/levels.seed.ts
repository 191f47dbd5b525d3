import type { Executor } from '../../../db/types.ts'
import { levels } from './levels.table.ts'

/** The demo tiers (青铜, 白银, 黄金, 钻石), for a fresh database. */
export async function seedLevelsDemo({ db }: { db: Executor }): Promise<void> {
  await db.insert(levels).values([
    { name: '青铜', minDeals: 0, commissionPerDeal: 10000 },
    { name: '白银', minDeals: 3, commissionPerDeal: 15000 },
    { name: '黄金', minDeals: 6, commissionPerDeal: 20000 },
    { name: '钻石', minDeals: 10, commissionPerDeal: 30000 },
  ])
}
