import { and, asc, eq, gte, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import { PartnerStatus } from '../../../wire.ts'
import { cluesView } from '../clues/index.ts'
import { partnersView } from '../partners/index.ts'

interface RankedArgs {
  range: Range
  top: number
  partnerId: number
}

/**
 * The partners ranked by deals closed within `range`: more deals first; of equal counts, who reached
 * the count first (their last deal of the range is the earlier one); then the lower id. Disabled
 * partners are not ranked. Answers the first `top` rows and `partnerId`'s own row wherever it is.
 * The deals are counted from the partial index on (deal_at, partner_id) of closed deals alone (the
 * predicate is written as the index's, so a generic plan uses it too): only the cycle's deals are
 * read, never the whole table. A query builder, so a test can check its plan.
 */
export function rankedQuery({ db, range, top, partnerId }: RankedArgs & { db: Executor }) {
  const counted = db.$with('counted').as(
    db
      .select({
        partnerId: cluesView.partnerId,
        deals: sql<number>`count(*)::int`.as('deals'),
        reached: sql`max(${cluesView.dealAt})`.as('reached'),
      })
      .from(cluesView)
      .where(
        and(
          sql`${cluesView.status} = '已成交'`,
          isNotNull(cluesView.dealAt),
          gte(cluesView.dealAt, range.from),
          lt(cluesView.dealAt, range.to),
        ),
      )
      .groupBy(cluesView.partnerId),
  )
  const ranked = db.$with('ranked').as(
    db
      .with(counted)
      .select({
        partnerId: counted.partnerId,
        deals: counted.deals,
        realName: partnersView.realName,
        nickname: partnersView.nickname,
        phone: partnersView.phone,
        rank: sql<number>`(row_number() over (order by ${counted.deals} desc, ${counted.reached} asc, ${counted.partnerId} asc))::int`.as(
          'rank',
        ),
      })
      .from(counted)
      .innerJoin(partnersView, eq(partnersView.id, counted.partnerId))
      .where(ne(partnersView.status, PartnerStatus.disabled)),
  )
  return db
    .with(counted, ranked)
    .select()
    .from(ranked)
    .where(or(lte(ranked.rank, top), eq(ranked.partnerId, partnerId)))
    .orderBy(asc(ranked.rank))
}

export function createRankingRepository({ db }: { db: Executor }) {
  return {
    async ranked(args: RankedArgs) {
      return rankedQuery({ db, ...args })
    },
  }
}
