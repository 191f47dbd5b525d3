import { BEIJING_OFFSET_MS } from '@activity/domain'
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import { LedgerType, PartnerStatus } from '../../../wire.ts'
import { adminsView } from '../../platform/index.ts'
import { OPEN_STATUSES, cluesView } from '../../partner-programme/index.ts'
import { ledgerEntriesView } from '../../partner-programme/index.ts'
import { partnersView } from '../../partner-programme/index.ts'
import { withdrawalsView } from '../../partner-programme/index.ts'

const DAY_SECONDS = 86400
const SHANGHAI_OFFSET_SECONDS = BEIJING_OFFSET_MS / 1000

/** The Asia/Shanghai day number (days since 1970-01-01 there) of a timestamp column, independent of the session's time zone. */
const dayOf = (column: SQL | typeof cluesView.createdAt) =>
  sql<number>`floor((extract(epoch from ${column}) + ${sql.raw(String(SHANGHAI_OFFSET_SECONDS))}) / ${sql.raw(String(DAY_SECONDS))})::int`.mapWith(
    Number,
  )

export type DailyFigure = { day: number; value: number }

/** The dashboard's figures; each statement is served by an index (see the query-plan tests). */
export function createDashboardRepository({ db }: { db: Executor }) {
  /** A teacher sees their own clues and the pool. */
  const scope = (teacherId?: number) =>
    teacherId === undefined ? undefined : or(eq(cluesView.assigneeId, teacherId), isNull(cluesView.assigneeId))
  return {
    async pendingPartners(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(partnersView).where(eq(partnersView.status, PartnerStatus.pending))
      return row?.n ?? 0
    },
    /** Open clues whose next contact time has passed, earliest first (clues_next_contact_idx). */
    async overdueContacts({ now, teacherId, limit }: { now: Date; teacherId?: number; limit: number }) {
      return db
        .select({
          clueId: cluesView.id,
          name: cluesView.name,
          phone: cluesView.phone,
          status: cluesView.status,
          nextContactAt: cluesView.nextContactAt,
          assigneeId: cluesView.assigneeId,
          assigneeName: adminsView.name,
          partnerId: cluesView.partnerId,
          partnerName: partnersView.realName,
        })
        .from(cluesView)
        .leftJoin(partnersView, eq(partnersView.id, cluesView.partnerId))
        .leftJoin(adminsView, eq(adminsView.id, cluesView.assigneeId))
        .where(
          and(
            isNotNull(cluesView.nextContactAt),
            lt(cluesView.nextContactAt, now),
            inArray(cluesView.status, OPEN_STATUSES),
            scope(teacherId),
          ),
        )
        .orderBy(asc(cluesView.nextContactAt), asc(cluesView.id))
        .limit(limit)
    },
    /** Clues created per Shanghai day within `range` (clues_created_idx). */
    async cluesPerDay(range: Range): Promise<DailyFigure[]> {
      const day = dayOf(cluesView.createdAt)
      return db
        .select({ day, value: count() })
        .from(cluesView)
        .where(and(gte(cluesView.createdAt, range.from), lt(cluesView.createdAt, range.to)))
        .groupBy(day)
    },
    /** Deals per day (clues_deal_at_idx). */
    async dealsPerDay(range: Range): Promise<DailyFigure[]> {
      const day = dayOf(cluesView.dealAt as unknown as typeof cluesView.createdAt)
      return db
        .select({ day, value: count() })
        .from(cluesView)
        .where(and(isNotNull(cluesView.dealAt), gte(cluesView.dealAt, range.from), lt(cluesView.dealAt, range.to)))
        .groupBy(day)
    },
    /** Commission credited per day, fen (ledger_type_created_idx, index-only). */
    async commissionPerDay(range: Range): Promise<DailyFigure[]> {
      const day = dayOf(ledgerEntriesView.createdAt as unknown as typeof cluesView.createdAt)
      return db
        .select({ day, value: sql<number>`coalesce(sum(${ledgerEntriesView.amount}), 0)`.mapWith(Number) })
        .from(ledgerEntriesView)
        .where(
          and(
            eq(ledgerEntriesView.type, LedgerType.commission),
            gte(ledgerEntriesView.createdAt, range.from),
            lt(ledgerEntriesView.createdAt, range.to),
          ),
        )
        .groupBy(day)
    },
    /** Paid out per day by payment time, fen (withdrawals_paid_idx, index-only). */
    async paidOutPerDay(range: Range): Promise<DailyFigure[]> {
      const day = dayOf(withdrawalsView.handledAt as unknown as typeof cluesView.createdAt)
      return db
        .select({ day, value: sql<number>`coalesce(sum(${withdrawalsView.amount}), 0)`.mapWith(Number) })
        .from(withdrawalsView)
        .where(
          and(
            sql`${withdrawalsView.status} = '已打款'`,
            gte(withdrawalsView.handledAt, range.from),
            lt(withdrawalsView.handledAt, range.to),
          ),
        )
        .groupBy(day)
    },
  }
}
