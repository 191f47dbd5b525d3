import { and, asc, count, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { AttemptStatus, PaperStatus } from '../../../wire.ts'
import { courseChaptersView, courseEnrolmentsView, coursesView } from '../courses/index.ts'
import { questionsView } from '../question-bank/index.ts'
import { paperQuestions, paperRules, papers } from './exams.table.ts'
import { questionCount, totalScore } from './exams.columns.ts'
import { rowById } from '../../../db/rows.ts'

/** Papers as the student's side reads them, and the bank questions a paper deals. */
export function createPapersRepository({ db }: { db: Executor }) {
  return {
    /** Whether the course has papers. */
    async courseHasPapers({ courseId }: { courseId: number }): Promise<boolean> {
      const [paper] = await db.select({ id: papers.id }).from(papers).where(eq(papers.courseId, courseId)).limit(1)
      return paper !== undefined
    },

    async paper({ id }: { id: number }) {
      const [row] = await db
        .select({ paper: papers, courseTitle: coursesView.title, questionCount, totalScore })
        .from(papers)
        .innerJoin(coursesView, eq(coursesView.id, papers.courseId))
        .where(eq(papers.id, id))
        .limit(1)
      return row
    },

    async lockPaper({ id }: { id: number }) {
      return rowById(db, papers, id, { forUpdate: true })
    },

    /** The published papers of the student's joined courses, with their attempts' figures. */
    async studentPapers({ studentId, courseId, use, paperId }: { studentId: number; courseId?: number; use?: string; paperId?: number }) {
      const mine = sql`a.paper_id = papers.id and a.student_id = ${studentId}`
      return db
        .select({
          paper: papers,
          courseTitle: coursesView.title,
          questionCount,
          totalScore,
          attemptsUsed: sql<number>`(select count(*) from exam_attempts a where ${mine})`.mapWith(Number),
          openAttemptId: sql<number | null>`(select a.id from exam_attempts a where ${mine} and a.status = ${AttemptStatus.open} limit 1)`,
          bestScore: sql<number | null>`(select max(a.score) from exam_attempts a where ${mine})`,
        })
        .from(papers)
        .innerJoin(coursesView, eq(coursesView.id, papers.courseId))
        .innerJoin(
          courseEnrolmentsView,
          and(eq(courseEnrolmentsView.courseId, papers.courseId), eq(courseEnrolmentsView.studentId, studentId)),
        )
        .where(
          and(
            eq(papers.status, PaperStatus.published),
            courseId ? eq(papers.courseId, courseId) : undefined,
            use ? eq(papers.use, use) : undefined,
            paperId ? eq(papers.id, paperId) : undefined,
          ),
        )
        .orderBy(sql`${papers.opensAt} desc nulls last`, desc(papers.id))
    },

    async fixedQuestions({ paperId }: { paperId: number }) {
      return db.select().from(paperQuestions).where(eq(paperQuestions.paperId, paperId)).orderBy(asc(paperQuestions.sort))
    },

    async rules({ paperId }: { paperId: number }) {
      return db.select().from(paperRules).where(eq(paperRules.paperId, paperId)).orderBy(asc(paperRules.sort), asc(paperRules.id))
    },

    /** Up to `count` bank questions of a rule, drawn at random, none of `exclude`. */
    async draw({
      courseId,
      rule,
      exclude,
      randomly = true,
    }: {
      courseId: number
      rule: { chapterId: number | null; type: string; difficulty: string | null; count: number }
      exclude: number[]
      randomly?: boolean
    }) {
      return db
        .select()
        .from(questionsView)
        .where(
          and(
            eq(questionsView.courseId, courseId),
            isNull(questionsView.deletedAt),
            eq(questionsView.type, rule.type),
            rule.difficulty ? eq(questionsView.difficulty, rule.difficulty) : undefined,
            rule.chapterId ? eq(questionsView.chapterId, rule.chapterId) : undefined,
            exclude.length > 0 ? notInArray(questionsView.id, exclude) : undefined,
          ),
        )
        .orderBy(randomly ? sql`random()` : asc(questionsView.id))
        .limit(rule.count)
    },

    async available({
      courseId,
      rule,
    }: {
      courseId: number
      rule: { chapterId: number | null; type: string; difficulty: string | null }
    }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(questionsView)
        .where(
          and(
            eq(questionsView.courseId, courseId),
            isNull(questionsView.deletedAt),
            eq(questionsView.type, rule.type),
            rule.difficulty ? eq(questionsView.difficulty, rule.difficulty) : undefined,
            rule.chapterId ? eq(questionsView.chapterId, rule.chapterId) : undefined,
          ),
        )
      return Number(row?.n ?? 0)
    },

    /** The ids of a course's bank (not removed): what a random paper may draw from. */
    async courseQuestionIds({ courseId }: { courseId: number }) {
      const rows = await db
        .select({ id: questionsView.id })
        .from(questionsView)
        .where(and(eq(questionsView.courseId, courseId), isNull(questionsView.deletedAt)))
      return rows.map((r) => r.id)
    },

    async bankQuestions({ ids }: { ids: number[] }) {
      if (ids.length === 0) return []
      return db.select().from(questionsView).where(inArray(questionsView.id, ids))
    },

    async chapter({ id }: { id: number }) {
      const [row] = await db.select().from(courseChaptersView).where(eq(courseChaptersView.id, id)).limit(1)
      return row
    },
  }
}
