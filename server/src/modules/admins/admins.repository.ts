import { sessionChanged } from '../sessions/index.ts'
import { and, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/types.ts'
import { admins } from './admins.table.ts'

export type AdminRow = typeof admins.$inferSelect

export function createAdminsRepository({ db }: { db: Executor }) {
  return {
    async findById({ id }: { id: number }) {
      const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1)
      return row
    },
    async findByAccount({ account }: { account: string }) {
      const [row] = await db.select().from(admins).where(eq(admins.account, account)).limit(1)
      return row
    },
    async count() {
      const [row] = await db.select({ n: count() }).from(admins)
      return row?.n ?? 0
    },
    async countOtherEnabledAdmins({ id }: { id: number }) {
      const [row] = await db
        .select({ n: count() })
        .from(admins)
        .where(and(eq(admins.role, '管理员'), eq(admins.enabled, true), ne(admins.id, id)))
      return row?.n ?? 0
    },
    async insert(values: typeof admins.$inferInsert) {
      const [row] = await db.insert(admins).values(values).onConflictDoNothing().returning()
      return row
    },
    async update({ id, values }: { id: number; values: Partial<typeof admins.$inferInsert> }) {
      const [row] = await db
        .update(admins)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(admins.id, id))
        .returning()
      sessionChanged({ adminId: id })
      return row
    },
    async delete({ id }: { id: number }) {
      await db.delete(admins).where(eq(admins.id, id))
      sessionChanged({ adminId: id })
    },
    async list({ keyword, role, page, size }: { keyword?: string; role?: string; page: number; size: number }) {
      const conditions: SQL[] = []
      if (role) conditions.push(eq(admins.role, role))
      if (keyword) {
        const like = `%${keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
        conditions.push(or(ilike(admins.account, like), ilike(admins.name, like))!)
      }
      const where = conditions.length ? and(...conditions) : undefined
      const rows = await db
        .select()
        .from(admins)
        .where(where)
        .orderBy(desc(admins.createdAt), desc(admins.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(admins).where(where)
      return { rows, total: total?.n ?? 0 }
    },
  }
}
