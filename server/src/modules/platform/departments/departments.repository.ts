import { asc, count, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { adminsView } from '../admins/index.ts'
import { departments } from './departments.table.ts'
import { rowById, updateRow } from '../../../db/rows.ts'

export type DepartmentRow = typeof departments.$inferSelect

export function createDepartmentsRepository({ db }: { db: Executor }) {
  return {
    async findById({ id }: { id: number }) {
      return rowById(db, departments, id)
    },
    async findByName({ name }: { name: string }) {
      const [row] = await db.select().from(departments).where(eq(departments.name, name)).limit(1)
      return row
    },
    /** Every department by name, with its leader's name and how many operators it holds. */
    async list() {
      // Spelled out: inside a subquery Drizzle writes columns unqualified, and admins has an id too.
      const leader = sql<string | null>`(SELECT a.name FROM admins a WHERE a.id = departments.leader_id)`
      const members = sql<number>`(SELECT count(*)::int FROM admins a WHERE a.department_id = departments.id)`.mapWith(Number)
      return db
        .select({ department: departments, leaderName: leader, memberCount: members })
        .from(departments)
        .orderBy(asc(departments.name), asc(departments.id))
    },
    async insert(values: typeof departments.$inferInsert) {
      const [row] = await db.insert(departments).values(values).onConflictDoNothing().returning()
      return row
    },
    async update({ id, values }: { id: number; values: Partial<typeof departments.$inferInsert> }) {
      return updateRow(db, departments, id, values)
    },
    async delete({ id }: { id: number }) {
      await db.delete(departments).where(eq(departments.id, id))
    },
    async memberCount({ id }: { id: number }) {
      const [row] = await db.select({ n: count() }).from(adminsView).where(eq(adminsView.departmentId, id))
      return row?.n ?? 0
    },
  }
}
