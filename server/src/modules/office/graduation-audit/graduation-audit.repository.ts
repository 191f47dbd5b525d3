import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { ApprovalStatus, StudentStatus } from '../../../wire.ts'
import { courseEnrolmentsView, courseSectionsView, coursesView } from '../../learning/index.ts'
import { studentsView } from '../../roll/index.ts'
import {
  graduates,
  graduationApplications,
  graduationAudits,
  graduationConditionMarks,
  graduationConditions,
} from './graduation-audit.table.ts'

export type AuditRow = typeof graduationAudits.$inferSelect
export type ConditionRow = typeof graduationConditions.$inferSelect
export type ApplicationRow = typeof graduationApplications.$inferSelect
export type GraduateRow = typeof graduates.$inferSelect

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`)

export function createGraduationAuditRepository({ db }: { db: Executor }) {
  return {
    async audit({ id, forUpdate = false }: { id: number; forUpdate?: boolean }) {
      const q = db.select().from(graduationAudits).where(eq(graduationAudits.id, id))
      const [row] = await (forUpdate ? q.for('update') : q)
      return row
    },
    async auditOfBatch({ batchYear, batch }: { batchYear: number; batch: number }) {
      const [row] = await db
        .select()
        .from(graduationAudits)
        .where(and(eq(graduationAudits.batchYear, batchYear), eq(graduationAudits.batch, batch)))
      return row
    },
    async audits() {
      return db.select().from(graduationAudits).orderBy(desc(graduationAudits.graduationDate), desc(graduationAudits.id))
    },
    async insertAudit(values: typeof graduationAudits.$inferInsert) {
      const [row] = await db.insert(graduationAudits).values(values).returning()
      return row!
    },
    async updateAudit({ id, values }: { id: number; values: Partial<typeof graduationAudits.$inferInsert> }) {
      const [row] = await db.update(graduationAudits).set(values).where(eq(graduationAudits.id, id)).returning()
      return row
    },
    /** The next certificate number's sequence of the audit (its row locked by the caller's transaction). */
    async nextCertificateSeq({ id }: { id: number }) {
      const [row] = await db
        .update(graduationAudits)
        .set({ lastCertificateSeq: sql`${graduationAudits.lastCertificateSeq} + 1` })
        .where(eq(graduationAudits.id, id))
        .returning({ seq: graduationAudits.lastCertificateSeq })
      return row!.seq
    },
    async conditions({ auditIds }: { auditIds: number[] }) {
      if (!auditIds.length) return []
      return db
        .select()
        .from(graduationConditions)
        .where(inArray(graduationConditions.auditId, auditIds))
        .orderBy(asc(graduationConditions.id))
    },
    async condition({ id }: { id: number }) {
      const [row] = await db.select().from(graduationConditions).where(eq(graduationConditions.id, id))
      return row
    },
    async insertCondition(values: typeof graduationConditions.$inferInsert) {
      const [row] = await db.insert(graduationConditions).values(values).returning()
      return row!
    },
    async deleteCondition({ id }: { id: number }) {
      await db.delete(graduationConditions).where(eq(graduationConditions.id, id))
    },
    async setMarks({ conditionId, studentIds, met, by }: { conditionId: number; studentIds: number[]; met: boolean; by: string }) {
      const rows = await db
        .insert(graduationConditionMarks)
        .values(studentIds.map((studentId) => ({ conditionId, studentId, met, markedBy: by })))
        .onConflictDoUpdate({
          target: [graduationConditionMarks.conditionId, graduationConditionMarks.studentId],
          set: { met, markedBy: by, updatedAt: sql`now()` },
        })
        .returning({ studentId: graduationConditionMarks.studentId })
      return rows.length
    },
    async marks({ conditionIds, studentIds }: { conditionIds: number[]; studentIds: number[] }) {
      if (!conditionIds.length || !studentIds.length) return []
      return db
        .select()
        .from(graduationConditionMarks)
        .where(and(inArray(graduationConditionMarks.conditionId, conditionIds), inArray(graduationConditionMarks.studentId, studentIds)))
    },
    /** The batch's students on the roll (not 退学), by student number; `name` narrows by name. */
    async studentsOf({ audit, name, ids }: { audit: Pick<AuditRow, 'batchYear' | 'batch'>; name?: string; ids?: number[] }) {
      return db
        .select({
          id: studentsView.id,
          accountId: studentsView.accountId,
          name: studentsView.name,
          studentNo: studentsView.studentNo,
          school: studentsView.school,
          major: studentsView.major,
          level: studentsView.level,
          programme: studentsView.programme,
          status: studentsView.status,
        })
        .from(studentsView)
        .where(
          and(
            eq(studentsView.batchYear, audit.batchYear),
            eq(studentsView.batch, audit.batch),
            ne(studentsView.status, StudentStatus.withdrawn),
            name ? ilike(studentsView.name, `%${escapeLike(name)}%`) : undefined,
            ids ? inArray(studentsView.id, ids.length ? ids : [0]) : undefined,
          ),
        )
        .orderBy(sql`${studentsView.studentNo} nulls last`, asc(studentsView.id))
    },
    async studentsOfId({ studentId }: { studentId: number }) {
      return db
        .select({ batchYear: studentsView.batchYear, batch: studentsView.batch })
        .from(studentsView)
        .where(eq(studentsView.id, studentId))
    },
    async courses({ ids }: { ids: number[] }) {
      if (!ids.length) return []
      return db.select({ id: coursesView.id, title: coursesView.title }).from(coursesView).where(inArray(coursesView.id, ids))
    },
    /** Each required course's section count, and the students' finished sections on it (no row: not on the course). */
    async courseProgress({ courseIds, studentIds }: { courseIds: number[]; studentIds: number[] }) {
      if (!courseIds.length || !studentIds.length) return { sections: new Map<number, number>(), finished: [] }
      const sections = await db
        .select({ courseId: courseSectionsView.courseId, n: count() })
        .from(courseSectionsView)
        .where(inArray(courseSectionsView.courseId, courseIds))
        .groupBy(courseSectionsView.courseId)
      const finished = await db
        .select({
          studentId: courseEnrolmentsView.studentId,
          courseId: courseEnrolmentsView.courseId,
          finished: courseEnrolmentsView.finished,
        })
        .from(courseEnrolmentsView)
        .where(and(inArray(courseEnrolmentsView.courseId, courseIds), inArray(courseEnrolmentsView.studentId, studentIds)))
      return { sections: new Map(sections.map((s) => [s.courseId, s.n])), finished }
    },
    /** Each student's latest application of the audit. */
    async latestApplications({ auditId, studentIds }: { auditId: number; studentIds: number[] }) {
      if (!studentIds.length) return []
      return db
        .selectDistinctOn([graduationApplications.studentId])
        .from(graduationApplications)
        .where(and(eq(graduationApplications.auditId, auditId), inArray(graduationApplications.studentId, studentIds)))
        .orderBy(graduationApplications.studentId, desc(graduationApplications.id))
    },
    async application({ id, forUpdate = false }: { id: number; forUpdate?: boolean }) {
      const q = db.select().from(graduationApplications).where(eq(graduationApplications.id, id))
      const [row] = await (forUpdate ? q.for('update') : q)
      return row
    },
    async approvedApplication({ studentId }: { studentId: number }) {
      const [row] = await db
        .select()
        .from(graduationApplications)
        .where(and(eq(graduationApplications.studentId, studentId), eq(graduationApplications.status, ApprovalStatus.approved)))
      return row
    },
    async insertApplication(values: typeof graduationApplications.$inferInsert) {
      const [row] = await db.insert(graduationApplications).values(values).returning()
      return row!
    },
    async setApplicationStatus({ id, status, now }: { id: number; status: string; now: Date }) {
      await db.update(graduationApplications).set({ status, updatedAt: now }).where(eq(graduationApplications.id, id))
    },
    async graduatesOf({ studentIds }: { studentIds: number[] }) {
      if (!studentIds.length) return []
      return db.select().from(graduates).where(inArray(graduates.studentId, studentIds))
    },
    /** Inserts the graduate unless the student is one already: the row, and whether this call created it. */
    async insertGraduate(values: typeof graduates.$inferInsert) {
      const [row] = await db.insert(graduates).values(values).onConflictDoNothing({ target: graduates.studentId }).returning()
      return row
    },
    async graduatesPage({ auditId, name, page, size }: { auditId?: number; name?: string; page: number; size: number }) {
      const where = and(
        auditId ? eq(graduates.auditId, auditId) : undefined,
        name ? ilike(studentsView.name, `%${escapeLike(name)}%`) : undefined,
      )
      const [total] = await db
        .select({ n: count() })
        .from(graduates)
        .innerJoin(studentsView, eq(studentsView.id, graduates.studentId))
        .where(where)
      const rows = await db
        .select({
          graduate: graduates,
          name: studentsView.name,
          studentNo: studentsView.studentNo,
          school: studentsView.school,
          major: studentsView.major,
          level: studentsView.level,
          auditTitle: graduationAudits.title,
        })
        .from(graduates)
        .innerJoin(studentsView, eq(studentsView.id, graduates.studentId))
        .innerJoin(graduationAudits, eq(graduationAudits.id, graduates.auditId))
        .where(where)
        .orderBy(desc(graduates.id))
        .limit(size)
        .offset((page - 1) * size)
      return { total: total?.n ?? 0, rows }
    },
  }
}
