import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { ApprovalStatus } from '../../../wire.ts'
import { leaveRequests } from './leave.table.ts'

export type LeaveRow = typeof leaveRequests.$inferSelect

export function createLeaveRepository({ db }: { db: Executor }) {
  return {
    /** Writes a leave; the database refuses one overlapping another of the student's (leave_requests_no_overlap). */
    async insert(values: typeof leaveRequests.$inferInsert) {
      const [row] = await db.insert(leaveRequests).values(values).returning()
      return row!
    },
    async update({ id, values }: { id: number; values: Partial<typeof leaveRequests.$inferInsert> }) {
      const [row] = await db.update(leaveRequests).set(values).where(eq(leaveRequests.id, id)).returning()
      return row!
    },
    async findById({ id, forUpdate = false }: { id: number; forUpdate?: boolean }) {
      const q = db.select().from(leaveRequests).where(eq(leaveRequests.id, id))
      const [row] = forUpdate ? await q.for('update') : await q
      return row
    },
    /** A student's leaves, latest first. */
    async ofStudent({ studentId }: { studentId: number }) {
      return db
        .select()
        .from(leaveRequests)
        .where(eq(leaveRequests.studentId, studentId))
        .orderBy(desc(leaveRequests.startSlot), desc(leaveRequests.id))
    },
    /** The approved leaves of these students holding a half-day in [from, to). */
    async approvedWithin({ studentIds, from, to }: { studentIds: number[]; from: number; to: number }) {
      if (!studentIds.length) return []
      return db
        .select()
        .from(leaveRequests)
        .where(
          and(
            inArray(leaveRequests.studentId, studentIds),
            eq(leaveRequests.status, ApprovalStatus.approved),
            sql`${leaveRequests.span} && int4range(${from}, ${to})`,
          ),
        )
    },
  }
}
