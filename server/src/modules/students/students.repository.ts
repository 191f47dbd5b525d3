import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/types.ts'
import { students } from './students.table.ts'

export type StudentRow = typeof students.$inferSelect
export type StudentInsert = typeof students.$inferInsert

export function createStudentsRepository({ db }: { db: Executor }) {
  return {
    async findById({ id }: { id: number }): Promise<StudentRow | undefined> {
      const [row] = await db.select().from(students).where(eq(students.id, id)).limit(1)
      return row
    },
    async findByPhone({ phone }: { phone: string }): Promise<StudentRow | undefined> {
      const [row] = await db.select().from(students).where(eq(students.phone, phone)).limit(1)
      return row
    },
    async findByAccount({ accountId }: { accountId: number }): Promise<StudentRow | undefined> {
      const [row] = await db.select().from(students).where(eq(students.accountId, accountId)).limit(1)
      return row
    },
  }
}
