import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { ThesisSelectionStatus } from '../../../wire.ts'
import { thesisBatches, thesisDefenceSessions, thesisExtensions, thesisFiles, thesisSelections, thesisTopics } from './thesis.table.ts'

export type ThesisBatchRow = typeof thesisBatches.$inferSelect
export type TopicRow = typeof thesisTopics.$inferSelect
export type SelectionRow = typeof thesisSelections.$inferSelect
export type ThesisFileRow = typeof thesisFiles.$inferSelect
export type ExtensionRow = typeof thesisExtensions.$inferSelect
export type DefenceSessionRow = typeof thesisDefenceSessions.$inferSelect

export function createThesisRepository({ db }: { db: Executor }) {
  return {
    async batch({ id }: { id: number }) {
      const [row] = await db.select().from(thesisBatches).where(eq(thesisBatches.id, id))
      return row
    },
    async batchOf({ batchYear, batch }: { batchYear: number; batch: number }) {
      const [row] = await db
        .select()
        .from(thesisBatches)
        .where(and(eq(thesisBatches.batchYear, batchYear), eq(thesisBatches.batch, batch)))
      return row
    },
    async batches() {
      return db.select().from(thesisBatches).orderBy(desc(thesisBatches.batchYear), desc(thesisBatches.batch))
    },
    async insertBatch(values: typeof thesisBatches.$inferInsert) {
      const [row] = await db.insert(thesisBatches).values(values).returning()
      return row!
    },
    async updateBatch({ id, values }: { id: number; values: Partial<typeof thesisBatches.$inferInsert> }) {
      const [row] = await db.update(thesisBatches).set(values).where(eq(thesisBatches.id, id)).returning()
      return row
    },
    async insertTopic(values: typeof thesisTopics.$inferInsert) {
      const [row] = await db.insert(thesisTopics).values(values).returning()
      return row!
    },
    async topic({ id }: { id: number }) {
      const [row] = await db.select().from(thesisTopics).where(eq(thesisTopics.id, id))
      return row
    },
    /** The batch's offered topics (not students' own proposals), oldest first. */
    async offeredTopics({ thesisBatchId }: { thesisBatchId: number }) {
      return db
        .select()
        .from(thesisTopics)
        .where(and(eq(thesisTopics.thesisBatchId, thesisBatchId), isNull(thesisTopics.proposedByStudentId)))
        .orderBy(asc(thesisTopics.id))
    },
    /** Takes a place of an offered topic of the batch if one is left: the row, or undefined when full. */
    async takePlace({ topicId, thesisBatchId }: { topicId: number; thesisBatchId: number }) {
      const [row] = await db
        .update(thesisTopics)
        .set({ taken: sql`${thesisTopics.taken} + 1` })
        .where(
          and(
            eq(thesisTopics.id, topicId),
            eq(thesisTopics.thesisBatchId, thesisBatchId),
            isNull(thesisTopics.proposedByStudentId),
            sql`${thesisTopics.taken} < ${thesisTopics.capacity}`,
          ),
        )
        .returning()
      return row
    },
    async freePlace({ topicId }: { topicId: number }) {
      await db
        .update(thesisTopics)
        .set({ taken: sql`${thesisTopics.taken} - 1` })
        .where(eq(thesisTopics.id, topicId))
    },
    async insertSelection(values: typeof thesisSelections.$inferInsert) {
      const [row] = await db.insert(thesisSelections).values(values).returning()
      return row!
    },
    async selection({ id, forUpdate = false }: { id: number; forUpdate?: boolean }) {
      const q = db.select().from(thesisSelections).where(eq(thesisSelections.id, id))
      const [row] = await (forUpdate ? q.for('update') : q)
      return row
    },
    /** The student's live selection in the batch (not refused), if any. */
    /** Per student, the thesis batch of their student batch (none: absent) and their live selection's score in it. */
    async resultsOf({ studentIds }: { studentIds: number[] }) {
      if (!studentIds.length) return []
      const rows = (await db.execute(sql`
        select s.id as "studentId", b.name as "batchName", b.pass_score as "passScore",
          sel.status, sel.score_status as "scoreStatus", sel.total_score as "totalScore"
        from students s
        join thesis_batches b on b.batch_year = s.batch_year and b.batch = s.batch
        left join thesis_selections sel on sel.thesis_batch_id = b.id and sel.student_id = s.id
          and sel.status <> ${ThesisSelectionStatus.refused}
        where s.id in ${studentIds}`)) as unknown as {
        rows: Array<{
          studentId: number
          batchName: string
          passScore: number
          status: string | null
          scoreStatus: string | null
          totalScore: number | null
        }>
      }
      return rows.rows
    },
    async liveSelection({ thesisBatchId, studentId }: { thesisBatchId: number; studentId: number }) {
      const [row] = await db
        .select()
        .from(thesisSelections)
        .where(
          and(
            eq(thesisSelections.thesisBatchId, thesisBatchId),
            eq(thesisSelections.studentId, studentId),
            sql`${thesisSelections.status} <> ${ThesisSelectionStatus.refused}`,
          ),
        )
      return row
    },
    /** The student's selections in the batch, latest first (a refused one stays for its reason). */
    async selectionsOf({ thesisBatchId, studentId }: { thesisBatchId: number; studentId: number }) {
      return db
        .select()
        .from(thesisSelections)
        .where(and(eq(thesisSelections.thesisBatchId, thesisBatchId), eq(thesisSelections.studentId, studentId)))
        .orderBy(desc(thesisSelections.id))
    },
    async updateSelection({ id, values }: { id: number; values: Partial<typeof thesisSelections.$inferInsert> }) {
      const [row] = await db.update(thesisSelections).set(values).where(eq(thesisSelections.id, id)).returning()
      return row!
    },
    /** The batch's selections with their student and topic: an advisor's own (`advisorId`) or all. */
    async selectionsOfBatch({ thesisBatchId, advisorId }: { thesisBatchId: number; advisorId?: number }) {
      const rows = (await db.execute(sql`
        select sel.id, sel.student_id as "studentId", s.name as "studentName", s.student_no as "studentNo",
          sel.topic_id as "topicId", t.title as "topicTitle", sel.advisor_id as "advisorId", t.advisor_name as "advisorName",
          sel.status, sel.defence_session_id as "defenceSessionId", sel.advisor_score as "advisorScore",
          sel.defence_score as "defenceScore", sel.total_score as "totalScore", sel.score_status as "scoreStatus"
        from thesis_selections sel
        join students s on s.id = sel.student_id
        join thesis_topics t on t.id = sel.topic_id
        where sel.thesis_batch_id = ${thesisBatchId}
          ${advisorId === undefined ? sql`` : sql`and sel.advisor_id = ${advisorId}`}
        order by sel.status = ${ThesisSelectionStatus.refused}, s.student_no nulls last, sel.id`)) as unknown as {
        rows: Array<{
          id: number
          studentId: number
          studentName: string
          studentNo: string | null
          topicId: number
          topicTitle: string
          advisorId: number
          advisorName: string
          status: string
          defenceSessionId: number | null
          advisorScore: number | null
          defenceScore: number | null
          totalScore: number | null
          scoreStatus: string
        }>
      }
      return rows.rows
    },
    async files({ selectionIds }: { selectionIds: number[] }) {
      if (!selectionIds.length) return []
      return db
        .select()
        .from(thesisFiles)
        .where(inArray(thesisFiles.selectionId, selectionIds))
        .orderBy(asc(thesisFiles.selectionId), asc(thesisFiles.stage), desc(thesisFiles.version))
    },
    async stageFiles({ selectionId, stage }: { selectionId: number; stage: string }) {
      return db
        .select()
        .from(thesisFiles)
        .where(and(eq(thesisFiles.selectionId, selectionId), eq(thesisFiles.stage, stage)))
        .orderBy(desc(thesisFiles.version))
    },
    async file({ id, forUpdate = false }: { id: number; forUpdate?: boolean }) {
      const q = db.select().from(thesisFiles).where(eq(thesisFiles.id, id))
      const [row] = await (forUpdate ? q.for('update') : q)
      return row
    },
    async insertFile(values: typeof thesisFiles.$inferInsert) {
      const [row] = await db.insert(thesisFiles).values(values).returning()
      return row!
    },
    async updateFile({ id, values }: { id: number; values: Partial<typeof thesisFiles.$inferInsert> }) {
      const [row] = await db.update(thesisFiles).set(values).where(eq(thesisFiles.id, id)).returning()
      return row!
    },
    async extensions({ selectionId }: { selectionId: number }) {
      return db.select().from(thesisExtensions).where(eq(thesisExtensions.selectionId, selectionId))
    },
    async upsertExtension(values: typeof thesisExtensions.$inferInsert) {
      const [row] = await db
        .insert(thesisExtensions)
        .values(values)
        .onConflictDoUpdate({
          target: [thesisExtensions.selectionId, thesisExtensions.stage],
          set: { until: values.until, reason: values.reason, grantedBy: values.grantedBy },
        })
        .returning()
      return row!
    },
    async insertSession(values: typeof thesisDefenceSessions.$inferInsert) {
      const [row] = await db.insert(thesisDefenceSessions).values(values).returning()
      return row!
    },
    async session({ id }: { id: number }) {
      const [row] = await db.select().from(thesisDefenceSessions).where(eq(thesisDefenceSessions.id, id))
      return row
    },
    async sessions({ thesisBatchId }: { thesisBatchId: number }) {
      return db
        .select()
        .from(thesisDefenceSessions)
        .where(eq(thesisDefenceSessions.thesisBatchId, thesisBatchId))
        .orderBy(asc(thesisDefenceSessions.startsAt))
    },
    async assign({ sessionId, thesisBatchId, selectionIds }: { sessionId: number; thesisBatchId: number; selectionIds: number[] }) {
      return db
        .update(thesisSelections)
        .set({ defenceSessionId: sessionId, updatedAt: new Date() })
        .where(
          and(
            inArray(thesisSelections.id, selectionIds),
            eq(thesisSelections.thesisBatchId, thesisBatchId),
            eq(thesisSelections.status, ThesisSelectionStatus.accepted),
          ),
        )
        .returning({ id: thesisSelections.id })
    },
    /** Publishes the batch's scored selections: their ids. */
    async publish({ thesisBatchId, now }: { thesisBatchId: number; now: Date }) {
      return db
        .update(thesisSelections)
        .set({ scoreStatus: '已发布', publishedAt: now, updatedAt: now })
        .where(and(eq(thesisSelections.thesisBatchId, thesisBatchId), eq(thesisSelections.scoreStatus, '已评分')))
        .returning({ id: thesisSelections.id })
    },
  }
}
