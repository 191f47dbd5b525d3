import type { Executor } from '../../../db/types.ts'
import { maskName, maskPhone } from '../../../lib/mask.ts'
import { cycleRange } from '../../../lib/time-range.ts'
import { createTeamRepository } from './team.repository.ts'

/** 我的团队: the partners who registered with my share code (one level), masked, with their deals this cycle. */
export async function myTeam({
  db,
  partnerId,
  page,
  size,
  now = new Date(),
}: {
  db: Executor
  partnerId: number
  page: number
  size: number
  now?: Date
}) {
  const { rows, total } = await createTeamRepository({ db }).page({ referrerId: partnerId, range: cycleRange(now), page, size })
  return {
    list: rows.map((r) => ({
      id: r.id,
      name: maskName(r.realName ?? r.nickname),
      phone: maskPhone(r.phone),
      status: r.status,
      joinedAt: r.createdAt.toISOString(),
      dealsThisCycle: r.deals,
    })),
    total,
    page,
    size,
  }
}
