import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import { cappedTotal, pageTotal, totalOf } from '../../../db/paging.ts'
import { type Cursor, encodeCursor } from '../../../db/cursor.ts'
import { preparedPerDb } from '../../../db/prepared.ts'
import type { Executor } from '../../../db/types.ts'
import type { Range } from '../../../lib/time-range.ts'
import { ClueStatus } from '../../../wire.ts'
import { adminsView } from '../../platform/index.ts'
import { partnersView } from '../partners/index.ts'
import { clueFollowUps } from './clue-follow-ups.table.ts'
import { clues } from './clues.table.ts'
import { insertRow, rowById, updateRow } from '../../../db/rows.ts'
import { personKeyword } from '../../../lib/person-search.ts'

export type ClueRow = typeof clues.$inferSelect

export interface ClueFilter {
  partnerId?: number
  status?: string
  range?: Range
  phone?: string
}

function where(f: ClueFilter, column: typeof clues.createdAt | typeof clues.dealAt = clues.createdAt) {
  const c: SQL[] = []
  if (f.partnerId !== undefined) c.push(eq(clues.partnerId, f.partnerId))
  if (f.status) c.push(eq(clues.status, f.status))
  if (f.phone) c.push(eq(clues.phone, f.phone))
  if (f.range) c.push(gte(column, f.range.from), lt(column, f.range.to))
  return c.length ? and(...c) : undefined
}

const {
  partnerId: _partnerId,
  updatedAt: _updatedAt,
  assigneeId: _assigneeId,
  lastTouchedAt: _lastTouchedAt,
  nextContactAt: _nextContactAt,
  cancelledBy: _cancelledBy,
  ...partnerColumns
} = getTableColumns(clues)
export type PartnerClueRow = Omit<ClueRow, 'partnerId' | 'updatedAt' | 'assigneeId' | 'lastTouchedAt' | 'nextContactAt' | 'cancelledBy'>

/** The page's columns under their row names, so the rows come back as JSON objects of that shape. */
const pageColumns = Object.fromEntries(Object.entries(partnerColumns).map(([name, column]) => [name, sql`${column}`.as(name)]))
const DATE_FIELDS = ['createdAt', 'followedAt', 'dealAt', 'cancelledAt'] as const

/**
 * A partner's clues, newest first: one prepared statement per filter shape (status and time range
 * optional) and paging (a page number's OFFSET, or keyset after a cursor's (created_at, id)), each
 * served by (partner_id[, status], created_at, id) without a sort. The page comes back as one JSON
 * array (json_agg) with the total beside it: one value to decode instead of 20 rows of 17 columns,
 * which is most of the cost of a page on PGlite and a good part of it on pg; and an aggregate
 * always yields a row, so an empty page still carries its total. The page reads one row more than
 * asked, to know whether another page follows.
 */
const partnerPage = (withStatus: boolean, withRange: boolean, withCursor: boolean) =>
  preparedPerDb((db) => {
    const c: SQL[] = [eq(clues.partnerId, sql.placeholder('partnerId'))]
    if (withStatus) c.push(eq(clues.status, sql.placeholder('status')))
    if (withRange) c.push(gte(clues.createdAt, sql.placeholder('from')), lt(clues.createdAt, sql.placeholder('to')))
    const w = and(...c)
    const after = sql`(${clues.createdAt}, ${clues.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::int)`
    const rows = db
      .select(pageColumns)
      .from(clues)
      .where(withCursor ? and(w, after) : w)
      .orderBy(desc(clues.createdAt), desc(clues.id))
      .limit(sql.placeholder('limit'))
    const page = (withCursor ? rows : rows.offset(sql.placeholder('offset'))).as('page')
    return db
      .select({
        rows: sql<
          Array<Record<string, unknown>>
        >`coalesce(json_agg(${sql.raw('"page"')} order by ${sql.raw('"page"."createdAt"')} desc, ${sql.raw('"page"."id"')} desc), '[]'::json)`,
        total: totalOf(clues, w),
      })
      .from(page)
      .prepare(`clues_partner_page_${withStatus ? 's' : ''}${withRange ? 'r' : ''}${withCursor ? 'k' : ''}`)
  })
const partnerPages = [false, true].flatMap((withCursor) =>
  [
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ].map(([withStatus, withRange]) => partnerPage(withStatus!, withRange!, withCursor)),
)

export function createCluesRepository({ db }: { db: Executor }) {
  return {
    /** Serialises clue creation for one phone until the transaction ends (the 90-day rule). */
    async lockPhone({ phone }: { phone: string }) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`clue:${phone}`}))`)
    },
    async existsSince({ phone, since }: { phone: string; since: Date }): Promise<boolean> {
      const rows = await db
        .select({ id: clues.id })
        .from(clues)
        .where(and(eq(clues.phone, phone), gte(clues.createdAt, since)))
        .limit(1)
      return rows.length > 0
    },
    async insert(values: typeof clues.$inferInsert): Promise<ClueRow> {
      return insertRow(db, clues, values)
    },
    async findById({ id }: { id: number }) {
      return rowById(db, clues, id)
    },
    async findByIdForUpdate({ id }: { id: number }) {
      return rowById(db, clues, id, { forUpdate: true })
    },
    async update({ id, values }: { id: number; values: Partial<typeof clues.$inferInsert> }): Promise<ClueRow> {
      return (await updateRow(db, clues, id, values))!
    },
    /**
     * A partner's page and its total in one prepared query: page `page`, or the page after
     * `after` (keyset); `nextCursor` is the position of the page's last row when more rows follow.
     */
    async listForPartner({
      partnerId,
      status,
      range,
      page,
      size,
      after,
    }: {
      partnerId: number
      status?: string
      range?: Range
      page: number
      size: number
      after?: Cursor
    }): Promise<{ rows: PartnerClueRow[]; total: number; nextCursor: string | null }> {
      const prepared = partnerPages[(status ? 1 : 0) + (range ? 2 : 0) + (after ? 4 : 0)]!(db)
      const [result] = await prepared.execute({
        partnerId,
        status,
        from: range?.from,
        to: range?.to,
        limit: size + 1,
        offset: (page - 1) * size,
        afterAt: after?.at,
        afterId: after?.id,
      })
      const raw = result?.rows ?? []
      const last = raw.length > size ? raw[size - 1] : undefined
      const nextCursor = last ? encodeCursor({ at: last.createdAt as string, id: last.id as number }) : null
      const rows = raw.slice(0, size).map((row) => {
        for (const field of DATE_FIELDS) if (row[field] != null) row[field] = new Date(row[field] as string)
        return row as unknown as PartnerClueRow
      })
      return { rows, total: result?.total ?? 0, nextCursor }
    },
    async count(filter: ClueFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(clues).where(where(filter))
      return row?.n ?? 0
    },
    /**
     * The quick finder's clues: the name containing `q`, or the phone equal to it when `q` is a whole
     * phone, within the console list's scope (`visibleTo`: a 招生老师's own and the pool); nearest matches first.
     */
    async quickFind({ q, limit, visibleTo }: { q: string; limit: number; visibleTo?: number }) {
      return db
        .select({ id: clues.id, name: clues.name, phone: clues.phone, status: clues.status })
        .from(clues)
        .where(and(personKeyword(q, { text: [clues.name], phones: [clues.phone] }), consoleWhere({ visibleTo })))
        .orderBy(sql`strpos(lower(${clues.name}), lower(${q}))`, desc(clues.id))
        .limit(limit)
    },
    /**
     * The console's clue list: every filter has an index whose order is the list's (created_at, id),
     * so a page reads in index order and stops after `size` rows. The total counts at most COUNT_CAP
     * rows in the same order (db/paging.ts), so no page reads the whole table.
     */
    async listForConsole({
      filter,
      sort = 'createdAt_desc',
      page,
      size,
    }: {
      filter: ConsoleClueFilter
      sort?: ClueSort
      page: number
      size: number
    }) {
      const w = consoleWhere(filter)
      const rows = await consoleSelect(db)
        .where(w)
        .orderBy(...clueOrder(sort))
        .limit(size)
        .offset((page - 1) * size)
      return { rows, ...(await cappedTotal(db, clues, w, clueOrder(sort))) }
    },
    /** The console list's rows for a filter, all counted (its where clause: consoleWhere). */
    async countForConsole(filter: ConsoleClueFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(clues).where(consoleWhere(filter))
      return row?.n ?? 0
    },
    /** A batch of the export after `last` (keyset on created_at, id in the list's order). */
    async exportBatch({
      filter,
      sort = 'createdAt_desc',
      last,
      limit,
    }: {
      filter: ConsoleClueFilter
      sort?: ClueSort
      last?: ConsoleClueRow
      limit: number
    }) {
      const c = [consoleWhere(filter)]
      if (last) {
        const k = sql`(${clues.createdAt}, ${clues.id})`
        const v = sql`(${last.clue.createdAt}, ${last.clue.id})`
        c.push(sort === 'createdAt_asc' ? sql`${k} > ${v}` : sql`${k} < ${v}`)
      }
      return consoleSelect(db)
        .where(and(...c))
        .orderBy(...clueOrder(sort))
        .limit(limit)
    },
    async findForConsole({ id }: { id: number }): Promise<ConsoleClueRow | undefined> {
      const [row] = await consoleSelect(db).where(eq(clues.id, id)).limit(1)
      return row
    },
    /** The latest clue of `phone` created at or after `since` (and before `before`, other than `exceptId`). */
    async latestByPhone({ phone, since, before, exceptId }: { phone: string; since: Date; before?: Date; exceptId?: number }) {
      const c: SQL[] = [eq(clues.phone, phone), gte(clues.createdAt, since)]
      if (before) c.push(lt(clues.createdAt, before))
      if (exceptId !== undefined) c.push(ne(clues.id, exceptId))
      // Served by (phone, created_at); a phone has no two clues at one instant.
      const [row] = await consoleSelect(db)
        .where(and(...c))
        .orderBy(desc(clues.createdAt))
        .limit(1)
      return row
    },
    /** Takes a pool clue for `assigneeId` atomically: no row back when someone else has it. */
    async takeIfUnassigned({ id, assigneeId }: { id: number; assigneeId: number }): Promise<ClueRow | undefined> {
      const [row] = await db
        .update(clues)
        .set({ assigneeId, assignedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(clues.id, id), isNull(clues.assigneeId)))
        .returning()
      return row
    },
    async releaseAll({ assigneeId }: { assigneeId: number }) {
      await db.update(clues).set({ assigneeId: null, assignedAt: null, updatedAt: new Date() }).where(eq(clues.assigneeId, assigneeId))
    },
    async insertFollowUp(values: typeof clueFollowUps.$inferInsert) {
      return insertRow(db, clueFollowUps, values)
    },
    async listFollowUps({ clueId, limit = 200 }: { clueId: number; limit?: number }) {
      return db
        .select()
        .from(clueFollowUps)
        .where(eq(clueFollowUps.clueId, clueId))
        .orderBy(desc(clueFollowUps.createdAt), desc(clueFollowUps.id))
        .limit(limit)
    },
    async insertMany(values: Array<typeof clues.$inferInsert>): Promise<number> {
      if (values.length === 0) return 0
      let n = 0
      for (let i = 0; i < values.length; i += 500) {
        const part = values.slice(i, i + 500)
        await db.insert(clues).values(part)
        n += part.length
      }
      return n
    },
    /** Which of `phones` have a clue created at or after `since` (the latest of each). */
    async recentByPhones({ phones, since }: { phones: string[]; since: Date }) {
      if (phones.length === 0) return []
      return consoleSelect(db)
        .where(and(inArray(clues.phone, phones), gte(clues.createdAt, since)))
        .orderBy(desc(clues.createdAt), desc(clues.id))
    },
    /** Deals closed by the partner within `range` (by deal time). */
    async countDeals({ partnerId, range }: { partnerId: number; range: Range }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(clues)
        .where(
          and(eq(clues.partnerId, partnerId), eq(clues.status, ClueStatus.deal), gte(clues.dealAt, range.from), lt(clues.dealAt, range.to)),
        )
      return row?.n ?? 0
    },
    /**
     * Closed deals, latest first, and their total in one query, over (partner_id, deal_at, id);
     * `deal_at IS NOT NULL` lets the index skip the clues without a deal. A refunded deal (已退费)
     * keeps its deal_at and is left out by `cancelled_at IS NULL`, not by its status: a status
     * test would let the planner take the ranking's partial index and sort the partner's deals.
     */
    async listDeals({ partnerId, range, page, size }: { partnerId: number; range?: Range; page: number; size: number }) {
      const c: SQL[] = [eq(clues.partnerId, partnerId), isNotNull(clues.dealAt), isNull(clues.cancelledAt)]
      if (range) c.push(gte(clues.dealAt, range.from), lt(clues.dealAt, range.to))
      const w = and(...c)
      const rows = await db
        .select({ ...partnerColumns, total: totalOf(clues, w) })
        .from(clues)
        .where(w)
        .orderBy(desc(clues.dealAt), desc(clues.id))
        .limit(size)
        .offset((page - 1) * size)
      const total = await pageTotal({
        rows,
        page,
        count: async () => (await db.select({ n: count() }).from(clues).where(w))[0]?.n ?? 0,
      })
      return { rows, total }
    },
    async countByStatus({ partnerId, status }: { partnerId: number; status: string }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(clues)
        .where(and(eq(clues.partnerId, partnerId), eq(clues.status, status)))
      return row?.n ?? 0
    },
  }
}

export type ClueSort = 'createdAt_desc' | 'createdAt_asc'
export const CLUE_SORTS: ClueSort[] = ['createdAt_desc', 'createdAt_asc']

/** The console's filters; `visibleTo` scopes a 招生老师 to their own clues and the pool. */
export interface ConsoleClueFilter extends ClueFilter {
  assigneeId?: number
  pool?: boolean
  source?: string
  activityId?: string
  /** Open clues last touched before this instant (not followed for N hours). */
  staleBefore?: Date
  /** Open clues whose next contact time is before this instant. */
  overdueAt?: Date
  visibleTo?: number
}

export const OPEN_STATUSES = [ClueStatus.new, ClueStatus.following]

export function consoleWhere(f: ConsoleClueFilter): SQL | undefined {
  const c: SQL[] = []
  const base = where(f)
  if (base) c.push(base)
  if (f.assigneeId !== undefined) c.push(eq(clues.assigneeId, f.assigneeId))
  if (f.pool) c.push(isNull(clues.assigneeId))
  if (f.source) c.push(eq(clues.source, f.source))
  if (f.activityId) c.push(eq(clues.activityId, f.activityId))
  // Written as the partial indexes' predicates, so the planner can use them.
  if (f.staleBefore) c.push(sql`${clues.status} IN ('待跟进', '跟进中')`, lt(clues.lastTouchedAt, f.staleBefore))
  if (f.overdueAt) c.push(isNotNull(clues.nextContactAt), lt(clues.nextContactAt, f.overdueAt), inArray(clues.status, OPEN_STATUSES))
  if (f.visibleTo !== undefined) c.push(or(eq(clues.assigneeId, f.visibleTo), isNull(clues.assigneeId))!)
  return c.length ? and(...c) : undefined
}

function clueOrder(sort: ClueSort) {
  return sort === 'createdAt_asc' ? [asc(clues.createdAt), asc(clues.id)] : [desc(clues.createdAt), desc(clues.id)]
}

function consoleSelect(db: Executor) {
  return db
    .select({
      clue: clues,
      partnerPhone: partnersView.phone,
      partnerName: partnersView.realName,
      partnerCode: partnersView.code,
      assigneeName: adminsView.name,
    })
    .from(clues)
    .leftJoin(partnersView, eq(partnersView.id, clues.partnerId))
    .leftJoin(adminsView, eq(adminsView.id, clues.assigneeId))
    .$dynamic()
}
export type ConsoleClueRow = Awaited<ReturnType<ReturnType<typeof consoleSelect>['execute']>>[number]
