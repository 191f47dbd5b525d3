import type { Executor } from '../../../db/types.ts'
import { maskName, maskPhone } from '../../../lib/mask.ts'
import { cycleRange } from '../../../lib/time-range.ts'
import { RankingCycle } from '../../../wire.ts'
import { createRankingRepository } from './ranking.repository.ts'

export const RANKING_TOP = 50

/** The cycle (a calendar month in Asia/Shanghai, the commission cycle) the ranking shows. */
export function rankingRange(cycle: RankingCycle, now: Date) {
  const current = cycleRange(now)
  return cycle === RankingCycle.last ? cycleRange(new Date(current.from.getTime() - 1)) : current
}

/** 排行榜: the cycle's top 50 by deals, names masked, and my own rank and deals wherever I stand. */
export async function ranking({
  db,
  partnerId,
  cycle = RankingCycle.current,
  now = new Date(),
}: {
  db: Executor
  partnerId: number
  cycle?: RankingCycle
  now?: Date
}) {
  const range = rankingRange(cycle, now)
  const rows = await createRankingRepository({ db }).ranked({ range, top: RANKING_TOP, partnerId })
  const mine = rows.find((r) => r.partnerId === partnerId)
  return {
    cycle: { type: cycle, from: range.from.toISOString(), to: range.to.toISOString() },
    list: rows
      .filter((r) => r.rank <= RANKING_TOP)
      .map((r) => ({
        rank: r.rank,
        name: maskName(r.realName ?? r.nickname) ?? maskPhone(r.phone),
        deals: r.deals,
        mine: r.partnerId === partnerId,
      })),
    me: { rank: mine?.rank ?? null, deals: mine?.deals ?? 0 },
  }
}
