import { and, asc, count, desc, eq, ilike, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { courseChaptersView, coursesView } from '../courses/index.ts'
import { questions } from './question-bank.table.ts'
import { containing } from '../../../lib/person-search.ts'

export type QuestionRow = typeof questions.$inferSelect
export type QuestionInsert = typeof questions.$inferInsert

export interface QuestionFilter {
  courseId?: number
  chapterId?: number | 'none'
  type?: string
  difficulty?: string
  keyword?: string
}

/**
 * How many papers list a question, as a column of the bank's queries: the exams module's count over its
 * papers (modules/index.ts passes it in), so a list stays one SELECT.
 */
export type UsedInPapers = (questionId: SQLWrapper) => SQL<number>

const columnsWith = (usedInPapers: UsedInPapers) => ({
  question: questions,
  courseTitle: coursesView.title,
  chapterTitle: courseChaptersView.title,
  usedInPapers: usedInPapers(questions.id),
})
export type QuestionListRow = { question: QuestionRow; courseTitle: string; chapterTitle: string | null; usedInPapers: number }

export function createQuestionBankRepository({ db }: { db: Executor }) {
  const base = (usedInPapers: UsedInPapers) =>
    db
      .select(columnsWith(usedInPapers))
      .from(questions)
      .innerJoin(coursesView, eq(coursesView.id, questions.courseId))
      .leftJoin(courseChaptersView, eq(courseChaptersView.id, questions.chapterId))

  return {
    async list({ filter, page, size, usedInPapers }: { filter: QuestionFilter; page: number; size: number; usedInPapers: UsedInPapers }) {
      const c: SQL[] = [isNull(questions.deletedAt)]
      if (filter.courseId !== undefined) c.push(eq(questions.courseId, filter.courseId))
      if (filter.chapterId === 'none') c.push(isNull(questions.chapterId))
      else if (filter.chapterId !== undefined) c.push(eq(questions.chapterId, filter.chapterId))
      if (filter.type) c.push(eq(questions.type, filter.type))
      if (filter.difficulty) c.push(eq(questions.difficulty, filter.difficulty))
      if (filter.keyword) c.push(ilike(questions.stem, containing(filter.keyword)))
      const where = and(...c)
      const rows: QuestionListRow[] = await base(usedInPapers)
        .where(where)
        .orderBy(desc(questions.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(questions).where(where)
      return { rows, total: total?.n ?? 0 }
    },
    /** Whether the course has questions, removed ones included. */
    async courseHasQuestions({ courseId }: { courseId: number }): Promise<boolean> {
      const [row] = await db.select({ id: questions.id }).from(questions).where(eq(questions.courseId, courseId)).limit(1)
      return row !== undefined
    },
    /** A question of the bank (not removed) with its course and chapter titles. */
    async find({ id, usedInPapers }: { id: number; usedInPapers: UsedInPapers }): Promise<QuestionListRow | undefined> {
      const [row] = await base(usedInPapers)
        .where(and(eq(questions.id, id), isNull(questions.deletedAt)))
        .limit(1)
      return row
    },
    async lock({ id }: { id: number }): Promise<QuestionRow | undefined> {
      const [row] = await db
        .select()
        .from(questions)
        .where(and(eq(questions.id, id), isNull(questions.deletedAt)))
        .for('update')
      return row
    },
    async insertMany(values: QuestionInsert[]): Promise<QuestionRow[]> {
      if (values.length === 0) return []
      return db.insert(questions).values(values).returning()
    },
    async update({ id, values }: { id: number; values: Partial<QuestionInsert> }) {
      const [row] = await db
        .update(questions)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(questions.id, id), isNull(questions.deletedAt)))
        .returning()
      return row
    },
    async softDelete({ id }: { id: number }) {
      const [row] = await db
        .update(questions)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(questions.id, id), isNull(questions.deletedAt)))
        .returning()
      return row
    },
    /** The type and stem of every question of a course (duplicates in an import). */
    async stems({ courseId }: { courseId: number }) {
      return db
        .select({ type: questions.type, stem: questions.stem })
        .from(questions)
        .where(and(eq(questions.courseId, courseId), isNull(questions.deletedAt)))
    },
    async countOfCourses({ courseIds }: { courseIds: number[] }) {
      if (courseIds.length === 0) return 0
      const [row] = await db
        .select({ n: count() })
        .from(questions)
        .where(sql`${questions.courseId} in ${courseIds}`)
      return row?.n ?? 0
    },
    /** The course, held (FOR KEY SHARE) against its removal until the caller's transaction ends. */
    async course({ id }: { id: number }) {
      const [row] = await db
        .select({ id: coursesView.id, title: coursesView.title })
        .from(coursesView)
        .where(eq(coursesView.id, id))
        .for('key share')
      return row
    },
    async chapters({ courseId }: { courseId: number }) {
      return db
        .select({ id: courseChaptersView.id, title: courseChaptersView.title })
        .from(courseChaptersView)
        .where(eq(courseChaptersView.courseId, courseId))
        .orderBy(asc(courseChaptersView.sort), asc(courseChaptersView.id))
    },
  }
}
