import { count, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import { clues } from '../clues/index.ts'
import { partners } from '../partners/index.ts'

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
  const deals = sql<number>`(select count(*) from ${clues} where "clues"."partner_id" = "partners"."id" and "clues"."deal_at" >= ${range.from} and "clues"."deal_at" < ${range.to} and "clues"."status" = '已成交')`
  return db
    .select({
      id: partners.id,
      realName: partners.realName,
      nickname: partners.nickname,
      phone: partners.phone,
      status: partners.status,
      createdAt: partners.createdAt,
      deals: deals.mapWith(Number),
    })
    .from(partners)
    .where(eq(partners.referrerId, referrerId))
    .orderBy(desc(partners.createdAt), desc(partners.id))
    .limit(size)
    .offset((page - 1) * size)
}

export function createTeamRepository({ db }: { db: Executor }) {
  return {
    async page(args: TeamPageArgs) {
      const rows = await teamPageQuery({ db, ...args })
      const [counted] = await db.select({ n: count() }).from(partners).where(eq(partners.referrerId, args.referrerId))
      return { rows, total: counted?.n ?? 0 }
    },
  }
}
