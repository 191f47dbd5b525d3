import { and, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/types.ts'
import { NoticeStatus } from '../../wire.ts'
import { noticeReads, notices } from './notices.table.ts'

export type NoticeRow = typeof notices.$inferSelect

/** The roll fields a notice's audience is matched on. */
export interface Audience {
  school: string
  major: string
  level: string
  batchYear: number
  batch: number
}

/** Notices addressed to a student with this roll: every target field set matches (none set: everyone). */
export function addressedTo(a: Audience): SQL {
  return and(
    or(isNull(notices.targetSchool), eq(notices.targetSchool, a.school)),
    or(isNull(notices.targetMajor), eq(notices.targetMajor, a.major)),
    or(isNull(notices.targetLevel), eq(notices.targetLevel, a.level)),
    or(isNull(notices.targetBatchYear), eq(notices.targetBatchYear, a.batchYear)),
    or(isNull(notices.targetBatch), eq(notices.targetBatch, a.batch)),
  )!
}

export function createNoticesRepository({ db }: { db: Executor }) {
  return {
    /** Published notices addressed to the student that they have not opened yet. */
    async unreadCount({ studentId, audience }: { studentId: number; audience: Audience }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notices)
        .where(
          and(
            eq(notices.status, NoticeStatus.published),
            addressedTo(audience),
            sql`not exists (select 1 from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id} and ${noticeReads.studentId} = ${studentId})`,
          ),
        )
      return row?.n ?? 0
    },
  }
}
