import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/types.ts'
import type { Range } from '../../lib/time-range.ts'
import { clues } from '../clues/clues.table.ts'
import { partners } from '../partners/partners.table.ts'

export function createTeamRepository({ db }: { db: Executor }) {
  return {
    /**
     * The partners who registered with `referrerId`'s share code, newest first, read in the order of
     * (referrer_id, created_at, id); each with its deals closed within `range`, counted on
     * (partner_id, deal_at) for the page's rows only.
     */
    async page({ referrerId, range, page, size }: { referrerId: number; range: Range; page: number; size: number }) {
      const deals =
        sql<number>`(select count(*) from ${clues} where ${clues.partnerId} = ${partners.id} and ${clues.dealAt} >= ${range.from} and ${clues.dealAt} < ${range.to} and ${clues.status} = '已成交')`.mapWith(
          Number,
        )
      const rows = await db
        .select({
          id: partners.id,
          realName: partners.realName,
          nickname: partners.nickname,
          phone: partners.phone,
          status: partners.status,
          createdAt: partners.createdAt,
          deals,
        })
        .from(partners)
        .where(eq(partners.referrerId, referrerId))
        .orderBy(desc(partners.createdAt), desc(partners.id))
        .limit(size)
        .offset((page - 1) * size)
      const [counted] = await db
        .select({ n: count() })
        .from(partners)
        .where(and(eq(partners.referrerId, referrerId)))
      return { rows, total: counted?.n ?? 0 }
    },
  }
}
