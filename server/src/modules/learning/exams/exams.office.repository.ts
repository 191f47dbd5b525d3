import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { AttemptStatus } from '../../../wire.ts'
import { courseChaptersView, coursesView } from '../courses/index.ts'
import { studentRecipients, studentsView } from '../../roll/index.ts'
import { examAttempts, paperQuestions, paperRules, papers, type QuestionSnapshot } from './exams.table.ts'
import { containing, personKeyword } from '../../../lib/person-search.ts'
import { questionCount, totalScore } from './exams.columns.ts'
import { insertRow, updateRow } from '../../../db/rows.ts'

export type PaperFilter = { courseId?: number; use?: string; status?: string; keyword?: string; marking?: boolean }

/** The console's paper list filter (list and count); `marking`: has an attempt 待阅卷, or has none. */
function papersWhere(filter: PaperFilter): SQL | undefined {
  // Spelled out as the list's markingCount is: drizzle leaves columns unqualified inside sql``.
  const marking = sql`exists (select 1 from exam_attempts a where a.paper_id = papers.id and a.status = ${AttemptStatus.marking})`
  return and(
    filter.courseId ? eq(papers.courseId, filter.courseId) : undefined,
    filter.use ? eq(papers.use, filter.use) : undefined,
    filter.status ? eq(papers.status, filter.status) : undefined,
    filter.keyword ? ilike(papers.title, containing(filter.keyword)) : undefined,
    filter.marking === undefined ? undefined : filter.marking ? marking : sql`not ${marking}`,
  )
}

/** The office's papers (lists, writes, questions and rules) and attempts (lists, export, clearing). */
export function createExamsOfficeRepository({ db }: { db: Executor }) {
  return {
    async adminPapers({ filter, page, size }: { filter: PaperFilter; page: number; size: number }) {
      const where = papersWhere(filter)
      const rows = await db
        .select({
          paper: papers,
          courseTitle: coursesView.title,
          questionCount,
          totalScore,
          attemptCount: sql<number>`(select count(*) from exam_attempts a where a.paper_id = papers.id)`.mapWith(Number),
          markingCount:
            sql<number>`(select count(*) from exam_attempts a where a.paper_id = papers.id and a.status = ${AttemptStatus.marking})`.mapWith(
              Number,
            ),
        })
        .from(papers)
        .innerJoin(coursesView, eq(coursesView.id, papers.courseId))
        .where(where)
        .orderBy(desc(papers.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(papers).where(where)
      return { rows, total: Number(total?.n ?? 0) }
    },

    /** The papers the console's list shows for a filter, counted (工作台: papers to mark). */
    async countAdminPapers(filter: PaperFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(papers).where(papersWhere(filter))
      return Number(row?.n ?? 0)
    },

    /** The attempts the console's attempt list shows for a filter, counted. */
    async countAdminAttempts(filter: { paperId?: number; status?: string; keyword?: string }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(examAttempts)
        .innerJoin(studentsView, eq(studentsView.id, examAttempts.studentId))
        .where(this.adminAttemptsWhere(filter))
      return Number(row?.n ?? 0)
    },

    async attemptCount({ paperId }: { paperId: number }) {
      const [row] = await db.select({ n: count() }).from(examAttempts).where(eq(examAttempts.paperId, paperId))
      return Number(row?.n ?? 0)
    },

    async insertPaper({ values }: { values: typeof papers.$inferInsert }) {
      return insertRow(db, papers, values)
    },

    async updatePaper({ id, values }: { id: number; values: Partial<typeof papers.$inferInsert> }) {
      return (await updateRow(db, papers, id, values))!
    },

    async deletePaper({ id }: { id: number }) {
      await db.delete(papers).where(eq(papers.id, id))
    },

    async replaceQuestions({
      paperId,
      items,
    }: {
      paperId: number
      items: Array<{ questionId: number; score: number; snapshot: QuestionSnapshot }>
    }) {
      await db.delete(paperQuestions).where(eq(paperQuestions.paperId, paperId))
      if (items.length > 0) await db.insert(paperQuestions).values(items.map((item, sort) => ({ paperId, sort, ...item })))
    },

    async resnapshot({ paperId, questionId, snapshot }: { paperId: number; questionId: number; snapshot: QuestionSnapshot }) {
      await db
        .update(paperQuestions)
        .set({ snapshot })
        .where(and(eq(paperQuestions.paperId, paperId), eq(paperQuestions.questionId, questionId)))
    },

    async replaceRules({
      paperId,
      rules,
    }: {
      paperId: number
      rules: Array<{ chapterId: number | null; type: string; difficulty: string | null; count: number; score: number }>
    }) {
      await db.delete(paperRules).where(eq(paperRules.paperId, paperId))
      if (rules.length > 0) await db.insert(paperRules).values(rules.map((rule, sort) => ({ paperId, sort, ...rule })))
    },

    async paperQuestionList({ paperId }: { paperId: number }) {
      return db
        .select({
          questionId: paperQuestions.questionId,
          sort: paperQuestions.sort,
          score: paperQuestions.score,
          snapshot: paperQuestions.snapshot,
        })
        .from(paperQuestions)
        .where(eq(paperQuestions.paperId, paperId))
        .orderBy(asc(paperQuestions.sort))
    },

    async ruleList({ paperId }: { paperId: number }) {
      return db
        .select({ rule: paperRules, chapterTitle: courseChaptersView.title })
        .from(paperRules)
        .leftJoin(courseChaptersView, eq(courseChaptersView.id, paperRules.chapterId))
        .where(eq(paperRules.paperId, paperId))
        .orderBy(asc(paperRules.sort), asc(paperRules.id))
    },

    adminAttemptsWhere(filter: { paperId?: number; status?: string; keyword?: string }): SQL | undefined {
      return and(
        filter.paperId ? eq(examAttempts.paperId, filter.paperId) : undefined,
        filter.status ? eq(examAttempts.status, filter.status) : undefined,
        personKeyword(filter.keyword, { text: [studentsView.name, studentsView.studentNo], phones: [studentsView.phone] }),
      )
    },

    async adminAttempts({
      filter,
      page,
      size,
    }: {
      filter: { paperId?: number; status?: string; keyword?: string }
      page: number
      size: number
    }) {
      const where = this.adminAttemptsWhere(filter)
      const rows = await db
        .select({ attempt: examAttempts, name: studentsView.name, studentNo: studentsView.studentNo, phone: studentsView.phone })
        .from(examAttempts)
        .innerJoin(studentsView, eq(studentsView.id, examAttempts.studentId))
        .where(where)
        // 待阅卷 first (the oldest waiting first: marked in the order handed in), then the newest.
        .orderBy(
          sql`(${examAttempts.status} = ${AttemptStatus.marking}) desc`,
          sql`case when ${examAttempts.status} = ${AttemptStatus.marking} then ${examAttempts.closedAt} end asc`,
          desc(examAttempts.startedAt),
          desc(examAttempts.id),
        )
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(examAttempts)
        .innerJoin(studentsView, eq(studentsView.id, examAttempts.studentId))
        .where(where)
      return { rows, total: Number(total?.n ?? 0) }
    },

    /** A paper's attempts for the export: keyset batches by id. */
    async exportBatch({ paperId, afterId, limit }: { paperId: number; afterId: number; limit: number }) {
      return db
        .select({ attempt: examAttempts, name: studentsView.name, studentNo: studentsView.studentNo, phone: studentsView.phone })
        .from(examAttempts)
        .innerJoin(studentsView, eq(studentsView.id, examAttempts.studentId))
        .where(and(eq(examAttempts.paperId, paperId), sql`${examAttempts.id} > ${afterId}`))
        .orderBy(asc(examAttempts.id))
        .limit(limit)
    },

    async student({ id }: { id: number }) {
      const [row] = await db
        .select({ id: studentsView.id, name: studentsView.name, studentNo: studentsView.studentNo, accountId: studentsView.accountId })
        .from(studentsView)
        .where(eq(studentsView.id, id))
        .limit(1)
      return row
    },

    /** The student's account (and partner profile) as a message recipient: a SELECT of (account_id, partner_id). */
    recipient({ studentId }: { studentId: number }): SQL {
      return studentRecipients(db, eq(studentsView.id, studentId))
    },

    async clearAttempts({ paperId, studentId }: { paperId: number; studentId: number }) {
      const rows = await db
        .delete(examAttempts)
        .where(and(eq(examAttempts.paperId, paperId), eq(examAttempts.studentId, studentId)))
        .returning({ id: examAttempts.id })
      return rows.length
    },

    async course({ id }: { id: number }) {
      const [row] = await db.select().from(coursesView).where(eq(coursesView.id, id)).limit(1)
      return row
    },
  }
}
