import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, or, sql, sum, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import { LedgerType, PartnerStatus } from '../../../wire.ts'
import { admins } from '../../platform/index.ts'
import { OPEN_STATUSES, clues } from '../../partner-programme/index.ts'
import { ledgerEntries } from '../../partner-programme/index.ts'
import { partners } from '../../partner-programme/index.ts'
import { withdrawals } from '../../partner-programme/index.ts'

const DAY_SECONDS = 86400
const SHANGHAI_OFFSET_SECONDS = 8 * 3600

/** The Asia/Shanghai day number (days since 1970-01-01 there) of a timestamp column, independent of the session's time zone. */
const dayOf = (column: SQL | typeof clues.createdAt) =>
  sql<number>`floor((extract(epoch from ${column}) + ${sql.raw(String(SHANGHAI_OFFSET_SECONDS))}) / ${sql.raw(String(DAY_SECONDS))})::int`.mapWith(
    Number,
  )

export type DailyFigure = { day: number; value: number }

/** The dashboard's figures; each statement is served by an index (see the query-plan tests). */
export function createDashboardRepository({ db }: { db: Executor }) {
  /** A teacher sees their own clues and the pool. */
  const scope = (teacherId?: number) =>
    teacherId === undefined ? undefined : or(eq(clues.assigneeId, teacherId), isNull(clues.assigneeId))
  return {
    async pendingPartners(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(partners).where(eq(partners.status, PartnerStatus.pending))
      return row?.n ?? 0
    },
    /** Open clues not touched since `before` (the partial index clues_open_touched_idx). */
    async staleClues({ before, teacherId }: { before: Date; teacherId?: number }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(clues)
        .where(and(sql`${clues.status} IN ('待跟进', '跟进中')`, lt(clues.lastTouchedAt, before), scope(teacherId)))
      return row?.n ?? 0
    },
    async pendingWithdrawals(): Promise<{ count: number; amount: number }> {
      const [row] = await db
        .select({ n: count(), amount: sum(withdrawals.amount).mapWith(Number) })
        .from(withdrawals)
        // A literal, as the partial index withdrawals_one_pending_uq's predicate (at most one per partner).
        .where(sql`${withdrawals.status} = '审核中'`)
      return { count: row?.n ?? 0, amount: row?.amount ?? 0 }
    },
    /** Open clues whose next contact time has passed, earliest first (clues_next_contact_idx). */
    async overdueContacts({ now, teacherId, limit }: { now: Date; teacherId?: number; limit: number }) {
      return db
        .select({
          clueId: clues.id,
          name: clues.name,
          phone: clues.phone,
          status: clues.status,
          nextContactAt: clues.nextContactAt,
          assigneeId: clues.assigneeId,
          assigneeName: admins.name,
          partnerId: clues.partnerId,
          partnerName: partners.realName,
        })
        .from(clues)
        .innerJoin(partners, eq(partners.id, clues.partnerId))
        .leftJoin(admins, eq(admins.id, clues.assigneeId))
        .where(and(isNotNull(clues.nextContactAt), lt(clues.nextContactAt, now), inArray(clues.status, OPEN_STATUSES), scope(teacherId)))
        .orderBy(asc(clues.nextContactAt), asc(clues.id))
        .limit(limit)
    },
    /** Clues created per Shanghai day within `range` (clues_created_idx). */
    async cluesPerDay(range: Range): Promise<DailyFigure[]> {
      const day = dayOf(clues.createdAt)
      return db
        .select({ day, value: count() })
        .from(clues)
        .where(and(gte(clues.createdAt, range.from), lt(clues.createdAt, range.to)))
        .groupBy(day)
    },
    /** Deals per day (clues_deal_at_idx). */
    async dealsPerDay(range: Range): Promise<DailyFigure[]> {
      const day = dayOf(clues.dealAt as unknown as typeof clues.createdAt)
      return db
        .select({ day, value: count() })
        .from(clues)
        .where(and(isNotNull(clues.dealAt), gte(clues.dealAt, range.from), lt(clues.dealAt, range.to)))
        .groupBy(day)
    },
    /** Commission credited per day, fen (ledger_type_created_idx, index-only). */
    async commissionPerDay(range: Range): Promise<DailyFigure[]> {
      const day = dayOf(ledgerEntries.createdAt as unknown as typeof clues.createdAt)
      return db
        .select({ day, value: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(Number) })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.type, LedgerType.commission),
            gte(ledgerEntries.createdAt, range.from),
            lt(ledgerEntries.createdAt, range.to),
          ),
        )
        .groupBy(day)
    },
    /** Paid out per day by payment time, fen (withdrawals_paid_idx, index-only). */
    async paidOutPerDay(range: Range): Promise<DailyFigure[]> {
      const day = dayOf(withdrawals.handledAt as unknown as typeof clues.createdAt)
      return db
        .select({ day, value: sql<number>`coalesce(sum(${withdrawals.amount}), 0)`.mapWith(Number) })
        .from(withdrawals)
        .where(and(sql`${withdrawals.status} = '已打款'`, gte(withdrawals.handledAt, range.from), lt(withdrawals.handledAt, range.to)))
        .groupBy(day)
    },
  }
}
