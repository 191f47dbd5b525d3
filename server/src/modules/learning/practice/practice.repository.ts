import { and, asc, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { columnsOf } from '../../../db/views.ts'
import { courseChaptersView, courseEnrolmentsView, coursesView } from '../courses/index.ts'
import { type QuestionRow, questionsView } from '../question-bank/index.ts'
import { WRONG_MASTER_STREAK } from '../../../wire.ts'
import { exerciseAnswers, wrongQuestions } from './practice.table.ts'

export type { QuestionRow }
export type ExerciseAnswerRow = typeof exerciseAnswers.$inferSelect
export type WrongRow = typeof wrongQuestions.$inferSelect

const n = (q: SQL) => sql<number>`${q}`.mapWith(Number)
const inBook = and(isNull(wrongQuestions.masteredAt), isNull(wrongQuestions.removedAt))!
/** A question's chapter, `null` meaning 未分章. */
const ofChapter = (chapterId: number | null) =>
  chapterId === null ? isNull(questionsView.chapterId) : eq(questionsView.chapterId, chapterId)
const joined = (studentId: number) =>
  sql`exists (select 1 from ${courseEnrolmentsView} where ${courseEnrolmentsView.studentId} = ${studentId} and ${courseEnrolmentsView.courseId} = ${wrongQuestions.courseId})`

export function createPracticeRepository({ db }: { db: Executor }) {
  return {
    async course({ id }: { id: number }) {
      const [row] = await db.select({ id: coursesView.id, title: coursesView.title }).from(coursesView).where(eq(coursesView.id, id))
      return row
    },
    async chapters({ courseId }: { courseId: number }) {
      return db
        .select({ id: courseChaptersView.id, title: courseChaptersView.title })
        .from(courseChaptersView)
        .where(eq(courseChaptersView.courseId, courseId))
        .orderBy(asc(courseChaptersView.sort), asc(courseChaptersView.id))
    },
    /** A question of the bank, not removed. */
    async question({ id }: { id: number }): Promise<QuestionRow | undefined> {
      const [row] = await db
        .select()
        .from(questionsView)
        .where(and(eq(questionsView.id, id), isNull(questionsView.deletedAt)))
      return row
    },
    /** A question, removed ones included (the wrong-answer book keeps them). */
    async anyQuestion({ id }: { id: number }): Promise<QuestionRow | undefined> {
      const [row] = await db.select().from(questionsView).where(eq(questionsView.id, id))
      return row
    },
    /** Per chapter and difficulty: the course's questions, those I answered and those I answered right. */
    async progress({ studentId, courseId }: { studentId: number; courseId: number }) {
      return db
        .select({
          chapterId: questionsView.chapterId,
          difficulty: questionsView.difficulty,
          total: n(sql`count(*)`),
          done: n(sql`count(${exerciseAnswers.questionId})`),
          right: n(sql`count(*) filter (where ${exerciseAnswers.correct})`),
        })
        .from(questionsView)
        .leftJoin(exerciseAnswers, and(eq(exerciseAnswers.questionId, questionsView.id), eq(exerciseAnswers.studentId, studentId)))
        .where(and(eq(questionsView.courseId, courseId), isNull(questionsView.deletedAt)))
        .groupBy(questionsView.chapterId, questionsView.difficulty)
    },
    /** The course's questions in the bank's order (chapter, then id), with my last answer's result. */
    async exerciseList({
      studentId,
      courseId,
      chapterId,
      difficulty,
    }: {
      studentId: number
      courseId: number
      chapterId?: number | null
      difficulty?: string
    }) {
      const c: SQL[] = [eq(questionsView.courseId, courseId), isNull(questionsView.deletedAt)]
      if (chapterId !== undefined) c.push(ofChapter(chapterId))
      if (difficulty) c.push(eq(questionsView.difficulty, difficulty))
      return db
        .select({
          id: questionsView.id,
          type: questionsView.type,
          difficulty: questionsView.difficulty,
          done: sql<boolean>`${exerciseAnswers.questionId} is not null`.mapWith(Boolean),
          correct: exerciseAnswers.correct,
        })
        .from(questionsView)
        .leftJoin(courseChaptersView, eq(courseChaptersView.id, questionsView.chapterId))
        .leftJoin(exerciseAnswers, and(eq(exerciseAnswers.questionId, questionsView.id), eq(exerciseAnswers.studentId, studentId)))
        .where(and(...c))
        .orderBy(sql`${courseChaptersView.sort} asc nulls last`, sql`${courseChaptersView.id} asc nulls last`, asc(questionsView.id))
    },
    async answer({ studentId, questionId }: { studentId: number; questionId: number }): Promise<ExerciseAnswerRow | undefined> {
      const [row] = await db
        .select()
        .from(exerciseAnswers)
        .where(and(eq(exerciseAnswers.studentId, studentId), eq(exerciseAnswers.questionId, questionId)))
      return row
    },
    /** Records an answer: the first, or the next (times + 1, right_times + 1 when right). One statement. */
    async recordAnswer(values: {
      studentId: number
      questionId: number
      courseId: number
      chapterId: number | null
      answer: string[]
      correct: boolean | null
    }) {
      const right = values.correct === true ? 1 : 0
      await db
        .insert(exerciseAnswers)
        .values({ ...values, times: 1, rightTimes: right })
        .onConflictDoUpdate({
          target: [exerciseAnswers.studentId, exerciseAnswers.questionId],
          set: {
            answer: sql`excluded.answer`,
            correct: sql`excluded.correct`,
            courseId: sql`excluded.course_id`,
            chapterId: sql`excluded.chapter_id`,
            times: sql`${exerciseAnswers.times} + 1`,
            rightTimes: sql`${exerciseAnswers.rightTimes} + ${right}`,
            answeredAt: sql`now()`,
          },
        })
    },
    /** Questions of a chapter (not removed) and how many of them I answered. */
    async chapterCounts({ studentId, courseId, chapterId }: { studentId: number; courseId: number; chapterId: number | null }) {
      const [row] = await db
        .select({ total: n(sql`count(*)`), done: n(sql`count(${exerciseAnswers.questionId})`) })
        .from(questionsView)
        .leftJoin(exerciseAnswers, and(eq(exerciseAnswers.questionId, questionsView.id), eq(exerciseAnswers.studentId, studentId)))
        .where(and(eq(questionsView.courseId, courseId), isNull(questionsView.deletedAt), ofChapter(chapterId)))
      return { total: row?.total ?? 0, done: row?.done ?? 0 }
    },
    /** Clears my answers of a chapter's questions (removed ones too). */
    async clearChapter({ studentId, courseId, chapterId }: { studentId: number; courseId: number; chapterId: number | null }) {
      const rows = await db
        .delete(exerciseAnswers)
        .where(
          and(
            eq(exerciseAnswers.studentId, studentId),
            sql`${exerciseAnswers.questionId} in (select ${questionsView.id} from ${questionsView} where ${and(eq(questionsView.courseId, courseId), ofChapter(chapterId))})`,
          ),
        )
        .returning({ questionId: exerciseAnswers.questionId })
      return rows.length
    },

    // ---- the wrong-answer book ----

    async wrongEntry({ studentId, questionId }: { studentId: number; questionId: number }): Promise<WrongRow | undefined> {
      const [row] = await db
        .select()
        .from(wrongQuestions)
        .where(and(eq(wrongQuestions.studentId, studentId), eq(wrongQuestions.questionId, questionId)))
      return row
    },
    /** My book's entry of a question, with the question, when it is in the book and its course is mine. */
    async bookEntry({ studentId, questionId }: { studentId: number; questionId: number }) {
      const [row] = await db
        .select({ entry: wrongQuestions, question: columnsOf(questionsView) })
        .from(wrongQuestions)
        .innerJoin(questionsView, eq(questionsView.id, wrongQuestions.questionId))
        .where(and(eq(wrongQuestions.studentId, studentId), eq(wrongQuestions.questionId, questionId), inBook, joined(studentId)))
      return row
    },
    async wrongList({
      studentId,
      courseId,
      type,
      page,
      size,
    }: {
      studentId: number
      courseId?: number
      type?: string
      page: number
      size: number
    }) {
      const c: SQL[] = [eq(wrongQuestions.studentId, studentId), inBook, joined(studentId)]
      if (courseId !== undefined) c.push(eq(wrongQuestions.courseId, courseId))
      if (type) c.push(eq(questionsView.type, type))
      const where = and(...c)
      const rows = await db
        .select({ entry: wrongQuestions, question: columnsOf(questionsView), courseTitle: coursesView.title })
        .from(wrongQuestions)
        .innerJoin(questionsView, eq(questionsView.id, wrongQuestions.questionId))
        .innerJoin(coursesView, eq(coursesView.id, wrongQuestions.courseId))
        .where(where)
        .orderBy(desc(sql`coalesce(${wrongQuestions.lastWrongAt}, ${wrongQuestions.addedAt})`), desc(wrongQuestions.questionId))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(wrongQuestions)
        .innerJoin(questionsView, eq(questionsView.id, wrongQuestions.questionId))
        .where(where)
      return { rows, total: total?.n ?? 0 }
    },
    async bookByCourseAndType({ studentId }: { studentId: number }) {
      return db
        .select({ courseId: wrongQuestions.courseId, courseTitle: coursesView.title, type: questionsView.type, count: n(sql`count(*)`) })
        .from(wrongQuestions)
        .innerJoin(questionsView, eq(questionsView.id, wrongQuestions.questionId))
        .innerJoin(coursesView, eq(coursesView.id, wrongQuestions.courseId))
        .where(and(eq(wrongQuestions.studentId, studentId), inBook, joined(studentId)))
        .groupBy(wrongQuestions.courseId, coursesView.title, questionsView.type)
    },
    async masteredCount({ studentId }: { studentId: number }) {
      const [row] = await db
        .select({ n: count() })
        .from(wrongQuestions)
        .where(
          and(
            eq(wrongQuestions.studentId, studentId),
            isNotNull(wrongQuestions.masteredAt),
            isNull(wrongQuestions.removedAt),
            joined(studentId),
          ),
        )
      return row?.n ?? 0
    },
    /**
     * A redo in the book, in one statement (the row lock orders two redos at once): right ->
     * streak + 1, mastered (out of the book) at WRONG_MASTER_STREAK; wrong -> wrong_count + 1,
     * streak 0. Undefined when the entry is not in the book (any more).
     */
    async redo({ studentId, questionId, correct }: { studentId: number; questionId: number; correct: boolean }) {
      const [row] = await db
        .update(wrongQuestions)
        .set(
          correct
            ? {
                streak: sql`${wrongQuestions.streak} + 1`,
                masteredAt: sql`case when ${wrongQuestions.streak} + 1 >= ${WRONG_MASTER_STREAK} then now() end`,
              }
            : { wrongCount: sql`${wrongQuestions.wrongCount} + 1`, streak: 0, lastWrongAt: sql`now()` },
        )
        .where(and(eq(wrongQuestions.studentId, studentId), eq(wrongQuestions.questionId, questionId), inBook))
        .returning()
      return row
    },
    /** Puts a question in my book by hand: a new entry (手动添加), or an old one back (its counts kept). */
    async addByHand(values: { studentId: number; questionId: number; courseId: number; type: string; source: string }) {
      await db
        .insert(wrongQuestions)
        .values({ ...values, wrongCount: 0, streak: 0 })
        .onConflictDoUpdate({
          target: [wrongQuestions.studentId, wrongQuestions.questionId],
          set: {
            streak: sql`case when ${inBook} then ${wrongQuestions.streak} else 0 end`,
            masteredAt: null,
            removedAt: null,
          },
        })
    },
    async remove({ studentId, questionId }: { studentId: number; questionId: number }) {
      const rows = await db
        .update(wrongQuestions)
        .set({ removedAt: sql`now()` })
        .where(and(eq(wrongQuestions.studentId, studentId), eq(wrongQuestions.questionId, questionId), inBook, joined(studentId)))
        .returning({ questionId: wrongQuestions.questionId })
      return rows.length > 0
    },
  }
}
