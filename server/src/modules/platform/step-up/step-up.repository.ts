import { and, desc, eq, gt } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { stepUps } from './step-up.table.ts'
import { insertRow } from '../../../db/rows.ts'

export type StepUpRow = typeof stepUps.$inferSelect

export function createStepUpRepository({ db }: { db: Executor }) {
  return {
    async insert(values: typeof stepUps.$inferInsert) {
      return insertRow(db, stepUps, values)
    },
    /** The session's latest step-up still valid at `now`. */
    async findValid({ sessionId, adminId, now }: { sessionId: number; adminId: number; now: Date }) {
      const [row] = await db
        .select()
        .from(stepUps)
        .where(and(eq(stepUps.sessionId, sessionId), eq(stepUps.adminId, adminId), gt(stepUps.expiresAt, now)))
        .orderBy(desc(stepUps.expiresAt))
        .limit(1)
      return row
    },
  }
}
