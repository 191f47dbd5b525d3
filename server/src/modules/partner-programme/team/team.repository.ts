import { count, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import { cluesView } from '../clues/index.ts'
import { partnersView } from '../partners/index.ts'

interface TeamPageArgs {
  referrerId: number
  range: Range
  page: number
  size: number
}

/**
 * A page of the partners who registered with `referrerId`'s share code, newest first, read in the
 * order of (referrer_id, created_at, id); each with its deals closed within `range`, counted on
 * (partner_id, deal_at) for the page's rows only. A query builder, so a test can check its plan.
 */
export function teamPageQuery({ db, referrerId, range, page, size }: TeamPageArgs & { db: Executor }) {
  // Qualified by hand: in a one-table select drizzle writes columns bare, and a bare "status" or "id"
  // inside the subquery would be the clue's own.
  const deals = sql<number>`(select count(*) from ${cluesView} where "clues"."partner_id" = "partners"."id" and "clues"."deal_at" >= ${range.from} and "clues"."deal_at" < ${range.to} and "clues"."status" = '已成交')`
  return db
    .select({
      id: partnersView.id,
      realName: partnersView.realName,
      nickname: partnersView.nickname,
      phone: partnersView.phone,
      status: partnersView.status,
      createdAt: partnersView.createdAt,
      deals: deals.mapWith(Number),
    })
    .from(partnersView)
    .where(eq(partnersView.referrerId, referrerId))
    .orderBy(desc(partnersView.createdAt), desc(partnersView.id))
    .limit(size)
    .offset((page - 1) * size)
}

export function createTeamRepository({ db }: { db: Executor }) {
  return {
    async page(args: TeamPageArgs) {
      const rows = await teamPageQuery({ db, ...args })
      const [counted] = await db.select({ n: count() }).from(partnersView).where(eq(partnersView.referrerId, args.referrerId))
      return { rows, total: counted?.n ?? 0 }
    },
  }
}
