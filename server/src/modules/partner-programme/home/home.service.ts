import type { Executor } from '../../../db/types.ts'
import { cycleRange, timeTypeRange } from '../../../lib/time-range.ts'
import { TIME_TYPES } from '../../../wire.ts'
import { nextTier, tierFor, toLevel } from '../levels/index.ts'
import { createPartnerNotFoundError, missingInfo } from '../partners/index.ts'
import { createHomeRepository, type LevelSummary } from './home.repository.ts'
import { createCluesRepository } from '../clues/index.ts'

function tiers(levels: LevelSummary[], deals: number) {
  const tier = tierFor(levels, deals)
  const next = nextTier(levels, deals)
  return {
    tier: tier ? toLevel(tier) : null,
    dealsThisCycle: deals,
    nextTier: next ? toLevel(next) : null,
    dealsToNext: next ? next.minDeals - deals : null,
  }
}

/** This cycle's tier, the deals so far and what the next tier needs. */
export async function position({ db, partnerId, now = new Date() }: { db: Executor; partnerId: number; now?: Date }) {
  const cycle = cycleRange(now)
  const { levels, dealsThisCycle } = await createHomeRepository({ db }).position({ partnerId, cycle })
  return {
    levels: levels.map(toLevel),
    ...tiers(levels, dealsThisCycle),
    cycle: { from: cycle.from.toISOString(), to: cycle.to.toISOString() },
  }
}

/** Everything the home page shows, in one call and one query. */
export async function home({ db, partnerId, now = new Date() }: { db: Executor; partnerId: number; now?: Date }) {
  const row = await createHomeRepository({ db }).summary({ partnerId, now, cycle: cycleRange(now) })
  if (!row) throw createPartnerNotFoundError()
  const { balance, frozen } = row
  return {
    balance,
    frozen: Math.min(frozen, balance),
    withdrawable: Math.max(0, balance - frozen),
    ...tiers(row.levels, row.dealsThisCycle),
    newClues: row.newClues,
    status: row.partner.status,
    missing: missingInfo(row.partner),
  }
}

export async function dealCounts({ db, partnerId, now = new Date() }: { db: Executor; partnerId: number; now?: Date }) {
  const counts = await createHomeRepository({ db }).countDealsIn({ partnerId, ranges: TIME_TYPES.map((t) => timeTypeRange(t, now)) })
  return TIME_TYPES.map((timeType, i) => ({ timeType, count: counts[i] ?? 0 }))
}

/** The partner's closed deals, newest first. */
export async function listDeals({ db, ...query }: { db: Executor } & Parameters<ReturnType<typeof createCluesRepository>['listDeals']>[0]) {
  return createCluesRepository({ db }).listDeals(query)
}
