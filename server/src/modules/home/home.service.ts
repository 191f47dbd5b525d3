import type { Executor } from '../../db/types.ts'
import { cycleRange, timeTypeRange } from '../../lib/time-range.ts'
import { ClueStatus, TIME_TYPES } from '../../wire.ts'
import { createCluesRepository } from '../clues/clues.repository.ts'
import { walletSummary } from '../ledger/ledger.service.ts'
import { createLevelsRepository } from '../levels/levels.repository.ts'
import { nextTier, tierFor, toLevel } from '../levels/levels.service.ts'
import { createPartnerNotFoundError } from '../partners/partners.errors.ts'
import { createPartnersRepository } from '../partners/partners.repository.ts'
import { missingInfo } from '../partners/partners.service.ts'

/** This cycle's tier, the deals so far and what the next tier needs. */
export async function position({ db, partnerId, now = new Date() }: { db: Executor; partnerId: number; now?: Date }) {
  const cycle = cycleRange(now)
  const [levels, deals] = await Promise.all([
    createLevelsRepository({ db }).listAll(),
    createCluesRepository({ db }).countDeals({ partnerId, range: cycle }),
  ])
  const tier = tierFor(levels, deals)
  const next = nextTier(levels, deals)
  return {
    levels: levels.map(toLevel),
    tier: tier ? toLevel(tier) : null,
    dealsThisCycle: deals,
    nextTier: next ? toLevel(next) : null,
    dealsToNext: next ? next.minDeals - deals : null,
    cycle: { from: cycle.from.toISOString(), to: cycle.to.toISOString() },
  }
}

/** Everything the home page shows, in one call. */
export async function home({ db, partnerId, now = new Date() }: { db: Executor; partnerId: number; now?: Date }) {
  const partner = await createPartnersRepository({ db }).findById({ id: partnerId })
  if (!partner) throw createPartnerNotFoundError()
  const [wallet, pos, newClues] = await Promise.all([
    walletSummary({ db, partnerId, now }),
    position({ db, partnerId, now }),
    createCluesRepository({ db }).countByStatus({ partnerId, status: ClueStatus.new }),
  ])
  return {
    ...wallet,
    tier: pos.tier,
    dealsThisCycle: pos.dealsThisCycle,
    nextTier: pos.nextTier,
    dealsToNext: pos.dealsToNext,
    newClues,
    status: partner.status,
    missing: missingInfo(partner),
  }
}

export async function dealCounts({ db, partnerId, now = new Date() }: { db: Executor; partnerId: number; now?: Date }) {
  const repo = createCluesRepository({ db })
  const counts = []
  for (const timeType of TIME_TYPES)
    counts.push({ timeType, count: await repo.countDeals({ partnerId, range: timeTypeRange(timeType, now) }) })
  return counts
}
