import { and, count, desc, eq, getTableColumns, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm'
import { pageTotal, totalOf } from '../../db/paging.ts'
import { preparedPerDb } from '../../db/prepared.ts'
import type { Executor } from '../../db/types.ts'
import type { Range } from '../../lib/time-range.ts'
import { ClueStatus } from '../../wire.ts'
import { partners } from '../partners/partners.table.ts'
import { clues } from './clues.table.ts'

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

const { partnerId: _partnerId, updatedAt: _updatedAt, ...partnerColumns } = getTableColumns(clues)
export type PartnerClueRow = Omit<ClueRow, 'partnerId' | 'updatedAt'>

/** The page's columns under their row names, so the rows come back as JSON objects of that shape. */
const pageColumns = Object.fromEntries(Object.entries(partnerColumns).map(([name, column]) => [name, sql`${column}`.as(name)]))
const DATE_FIELDS = ['createdAt', 'followedAt', 'dealAt'] as const

/**
 * A partner's clues, newest first: one prepared statement per filter shape (status and time range
 * optional), each served by (partner_id[, status], created_at, id) without a sort. The page comes
 * back as one JSON array (json_agg) with the total beside it: one value to decode instead of 20 rows
 * of 17 columns, which is most of the cost of a page on PGlite and a good part of it on pg; and an
 * aggregate always yields a row, so an empty page still carries its total.
 */
const partnerPage = (withStatus: boolean, withRange: boolean) =>
  preparedPerDb((db) => {
    const c: SQL[] = [eq(clues.partnerId, sql.placeholder('partnerId'))]
    if (withStatus) c.push(eq(clues.status, sql.placeholder('status')))
    if (withRange) c.push(gte(clues.createdAt, sql.placeholder('from')), lt(clues.createdAt, sql.placeholder('to')))
    const w = and(...c)
    const page = db
      .select(pageColumns)
      .from(clues)
      .where(w)
      .orderBy(desc(clues.createdAt), desc(clues.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page')
    return db
      .select({
        rows: sql<
          Array<Record<string, unknown>>
        >`coalesce(json_agg(${sql.raw('"page"')} order by ${sql.raw('"page"."createdAt"')} desc, ${sql.raw('"page"."id"')} desc), '[]'::json)`,
        total: totalOf(clues, w),
      })
      .from(page)
      .prepare(`clues_partner_page_${withStatus ? 's' : ''}${withRange ? 'r' : ''}`)
  })
const partnerPages = [partnerPage(false, false), partnerPage(true, false), partnerPage(false, true), partnerPage(true, true)] as const

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
      const [row] = await db.insert(clues).values(values).returning()
      return row!
    },
    async findById({ id }: { id: number }) {
      const [row] = await db.select().from(clues).where(eq(clues.id, id)).limit(1)
      return row
    },
    async findByIdForUpdate({ id }: { id: number }) {
      const [row] = await db.select().from(clues).where(eq(clues.id, id)).limit(1).for('update')
      return row
    },
    async update({ id, values }: { id: number; values: Partial<typeof clues.$inferInsert> }): Promise<ClueRow> {
      const [row] = await db
        .update(clues)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(clues.id, id))
        .returning()
      return row!
    },
    /** A partner's page and its total in one prepared query. */
    async listForPartner({
      partnerId,
      status,
      range,
      page,
      size,
    }: {
      partnerId: number
      status?: string
      range?: Range
      page: number
      size: number
    }): Promise<{ rows: PartnerClueRow[]; total: number }> {
      const prepared = partnerPages[(status ? 1 : 0) + (range ? 2 : 0)]!(db)
      const [result] = await prepared.execute({
        partnerId,
        status,
        from: range?.from,
        to: range?.to,
        limit: size,
        offset: (page - 1) * size,
      })
      const rows = (result?.rows ?? []).map((row) => {
        for (const field of DATE_FIELDS) if (row[field] != null) row[field] = new Date(row[field] as string)
        return row as unknown as PartnerClueRow
      })
      return { rows, total: result?.total ?? 0 }
    },
    async count(filter: ClueFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(clues).where(where(filter))
      return row?.n ?? 0
    },
    /**
     * Every clue (operators), newest first. The total is a separate count here: over all clues a
     * window count would visit every row, while count(*) can use an index-only scan.
     */
    async listWithPartner({ filter, page, size }: { filter: ClueFilter; page: number; size: number }) {
      const w = where(filter)
      const rows = await db
        .select({ clue: clues, partnerPhone: partners.phone, partnerName: partners.realName, partnerCode: partners.code })
        .from(clues)
        .innerJoin(partners, eq(partners.id, clues.partnerId))
        .where(w)
        .orderBy(desc(clues.createdAt), desc(clues.id))
        .limit(size)
        .offset((page - 1) * size)
      return { rows, total: await this.count(filter) }
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
     * `deal_at IS NOT NULL` lets the index skip the clues without a deal.
     */
    async listDeals({ partnerId, range, page, size }: { partnerId: number; range?: Range; page: number; size: number }) {
      const c: SQL[] = [eq(clues.partnerId, partnerId), isNotNull(clues.dealAt), eq(clues.status, ClueStatus.deal)]
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
