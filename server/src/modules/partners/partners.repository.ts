import { sessionChanged } from '../sessions/session-cache.ts'
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/types.ts'
import { partners } from './partners.table.ts'

export type PartnerRow = typeof partners.$inferSelect
export type PartnerInsert = typeof partners.$inferInsert

export function createPartnersRepository({ db }: { db: Executor }) {
  return {
    async findById({ id }: { id: number }): Promise<PartnerRow | undefined> {
      const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1)
      return row
    },
    async findByIdForUpdate({ id }: { id: number }): Promise<PartnerRow | undefined> {
      const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1).for('update')
      return row
    },
    async findByPhone({ phone }: { phone: string }): Promise<PartnerRow | undefined> {
      const [row] = await db.select().from(partners).where(eq(partners.phone, phone)).limit(1)
      return row
    },
    async findByCode({ code }: { code: string }): Promise<PartnerRow | undefined> {
      const [row] = await db.select().from(partners).where(eq(partners.code, code.toUpperCase())).limit(1)
      return row
    },
    async insert(values: PartnerInsert): Promise<PartnerRow> {
      const [row] = await db.insert(partners).values(values).returning()
      return row!
    },
    async update({ id, values }: { id: number; values: Partial<PartnerInsert> }): Promise<PartnerRow> {
      const [row] = await db
        .update(partners)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(partners.id, id))
        .returning()
      if (values.status !== undefined) sessionChanged({ partnerId: id })
      return row!
    },
    async list({ status, keyword, page, size }: { status?: string; keyword?: string; page: number; size: number }) {
      const conditions: SQL[] = []
      if (status) conditions.push(eq(partners.status, status))
      if (keyword) {
        const like = `%${keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
        conditions.push(or(ilike(partners.phone, like), ilike(partners.realName, like), ilike(partners.code, like))!)
      }
      const where = conditions.length ? and(...conditions) : undefined
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(partners)
          .where(where)
          .orderBy(desc(partners.createdAt), desc(partners.id))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(partners).where(where),
      ])
      return { rows, total: totals[0]?.n ?? 0 }
    },
    async codeExists({ code }: { code: string }): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(partners)
        .where(eq(partners.code, code))
        .limit(1)
      return rows.length > 0
    },
  }
}
