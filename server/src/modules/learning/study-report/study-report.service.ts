import { shanghaiDate } from '../../../lib/time-range.ts'
import { and, asc, count, eq, gte, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { courseChaptersView, coursesView, findEnrolment } from '../courses/index.ts'
import { finalScoresOf } from '../exams/index.ts'
import { exerciseAnswersView, wrongQuestionsView } from '../practice/index.ts'
import { questionsView } from '../question-bank/index.ts'
import { sectionProgressView, studyDaysView } from '../study/index.ts'
import { createCourseNotJoinedError } from './study-report.errors.ts'

const DAY_MS = 86_400_000
const REPORT_DAYS = 30

/** The Asia/Shanghai calendar day of `d`, YYYY-MM-DD. */

const accuracy = (right: number, of: number) => (of > 0 ? Math.round((100 * right) / of) : 0)

/**
 * 学习报告 of one joined course: chapter practice (done / total / right, accuracy of the objective
 * answers, per chapter), the final scores of the course's papers oldest first, study time (all of
 * the student's, per day for the last 30 days) and the questions in the wrong-answer book.
 */
export async function studyReport({
  db,
  studentId,
  courseId,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  courseId: number
  now?: Date
}) {
  const [course] = await db.select({ title: coursesView.title }).from(coursesView).where(eq(coursesView.id, courseId)).limit(1)
  if (!course || !(await findEnrolment({ db, studentId, courseId }))) throw createCourseNotJoinedError()

  const bank = await db
    .select({ chapterId: questionsView.chapterId, n: count() })
    .from(questionsView)
    .where(and(eq(questionsView.courseId, courseId), isNull(questionsView.deletedAt)))
    .groupBy(questionsView.chapterId)
  const answered = await db
    .select({
      chapterId: exerciseAnswersView.chapterId,
      done: count(),
      right: sql<number>`count(*) filter (where ${exerciseAnswersView.correct} = true)`.mapWith(Number),
      judged: sql<number>`count(*) filter (where ${exerciseAnswersView.correct} is not null)`.mapWith(Number),
    })
    .from(exerciseAnswersView)
    .where(and(eq(exerciseAnswersView.studentId, studentId), eq(exerciseAnswersView.courseId, courseId)))
    .groupBy(exerciseAnswersView.chapterId)
  const chapters = await db
    .select({ id: courseChaptersView.id, title: courseChaptersView.title })
    .from(courseChaptersView)
    .where(eq(courseChaptersView.courseId, courseId))
    .orderBy(asc(courseChaptersView.sort), asc(courseChaptersView.id))

  const totalOf = (id: number | null) => Number(bank.find((b) => b.chapterId === id)?.n ?? 0)
  const answersOf = (id: number | null) => answered.find((a) => a.chapterId === id)
  const list = chapters.map((c) => ({ id: c.id as number | null, title: c.title }))
  if (totalOf(null) > 0 || answersOf(null)) list.push({ id: null, title: '未分章' })
  const sum = (f: (a: (typeof answered)[number]) => number) => answered.reduce((s, a) => s + f(a), 0)
  const right = sum((a) => a.right)

  const exams = await finalScoresOf({ db, studentId, courseId })

  const since = shanghaiDate(new Date(now.getTime() - (REPORT_DAYS - 1) * DAY_MS))
  const dayRows = await db
    .select({ day: studyDaysView.day, ms: studyDaysView.ms })
    .from(studyDaysView)
    .where(and(eq(studyDaysView.studentId, studentId), gte(studyDaysView.day, since)))
  const [all] = await db
    .select({ ms: sql<number>`coalesce(sum(${studyDaysView.ms}), 0)`.mapWith(Number) })
    .from(studyDaysView)
    .where(eq(studyDaysView.studentId, studentId))
  // The days hold every course's time; the course's own is what its sections were credited.
  const [watched] = await db
    .select({ ms: sql<number>`coalesce(sum(${sectionProgressView.watchedMs}), 0)`.mapWith(Number) })
    .from(sectionProgressView)
    .where(and(eq(sectionProgressView.studentId, studentId), eq(sectionProgressView.courseId, courseId)))
  const days = Array.from({ length: REPORT_DAYS }, (_, i) => {
    const day = shanghaiDate(new Date(now.getTime() - (REPORT_DAYS - 1 - i) * DAY_MS))
    const ms = dayRows.filter((r) => String(r.day) === day).reduce((s, r) => s + r.ms, 0)
    return { day, seconds: Math.floor(ms / 1000) }
  })

  const [wrong] = await db
    .select({ n: count() })
    .from(wrongQuestionsView)
    .where(
      and(
        eq(wrongQuestionsView.studentId, studentId),
        eq(wrongQuestionsView.courseId, courseId),
        isNull(wrongQuestionsView.masteredAt),
        isNull(wrongQuestionsView.removedAt),
      ),
    )

  return {
    courseId,
    courseTitle: course.title,
    exercise: {
      done: sum((a) => a.done),
      total: bank.reduce((s, b) => s + Number(b.n), 0),
      right,
      accuracy: accuracy(
        right,
        sum((a) => a.judged),
      ),
    },
    chapters: list.map((c) => {
      const a = answersOf(c.id)
      return { id: c.id, title: c.title, done: a?.done ?? 0, total: totalOf(c.id), accuracy: accuracy(a?.right ?? 0, a?.judged ?? 0) }
    }),
    exams: exams.map((r) => ({
      attemptId: r.attempt.id,
      paperTitle: r.paperTitle,
      closedAt: r.attempt.closedAt?.toISOString() ?? null,
      score: r.attempt.score ?? 0,
      totalScore: r.attempt.totalScore,
    })),
    studyTime: { total: Math.floor(Number(all?.ms ?? 0) / 1000), course: Math.floor(Number(watched?.ms ?? 0) / 1000), days },
    wrongCount: Number(wrong?.n ?? 0),
  }
}
