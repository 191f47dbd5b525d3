import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
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
    /** Newest first (created_at, id), served by the (partner_id, created_at, id) index. */
    async list({ filter, page, size }: { filter: ClueFilter; page: number; size: number }) {
      const w = where(filter)
      const rows = await db
        .select()
        .from(clues)
        .where(w)
        .orderBy(desc(clues.createdAt), desc(clues.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(clues).where(w)
      return { rows, total: total?.n ?? 0 }
    },
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
      const [total] = await db.select({ n: count() }).from(clues).where(w)
      return { rows, total: total?.n ?? 0 }
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
    async listDeals({ partnerId, range, page, size }: { partnerId: number; range?: Range; page: number; size: number }) {
      const c: SQL[] = [eq(clues.partnerId, partnerId), eq(clues.status, ClueStatus.deal)]
      if (range) c.push(gte(clues.dealAt, range.from), lt(clues.dealAt, range.to))
      const w = and(...c)
      const rows = await db
        .select()
        .from(clues)
        .where(w)
        .orderBy(desc(clues.dealAt), desc(clues.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(clues).where(w)
      return { rows, total: total?.n ?? 0 }
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
