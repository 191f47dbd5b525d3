import { and, asc, eq, gte, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import { PartnerStatus } from '../../../wire.ts'
import { clues } from '../clues/index.ts'
import { partners } from '../partners/index.ts'

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
        partnerId: clues.partnerId,
        deals: sql<number>`count(*)::int`.as('deals'),
        reached: sql`max(${clues.dealAt})`.as('reached'),
      })
      .from(clues)
      .where(and(sql`${clues.status} = '已成交'`, isNotNull(clues.dealAt), gte(clues.dealAt, range.from), lt(clues.dealAt, range.to)))
      .groupBy(clues.partnerId),
  )
  const ranked = db.$with('ranked').as(
    db
      .with(counted)
      .select({
        partnerId: counted.partnerId,
        deals: counted.deals,
        realName: partners.realName,
        nickname: partners.nickname,
        phone: partners.phone,
        rank: sql<number>`(row_number() over (order by ${counted.deals} desc, ${counted.reached} asc, ${counted.partnerId} asc))::int`.as(
          'rank',
        ),
      })
      .from(counted)
      .innerJoin(partners, eq(partners.id, counted.partnerId))
      .where(ne(partners.status, PartnerStatus.disabled)),
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
