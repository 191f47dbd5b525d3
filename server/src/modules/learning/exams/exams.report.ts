import { and, asc, count, eq, gte, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { courseChapters } from '../courses/index.ts'
import { exerciseAnswers, wrongQuestions } from '../practice/index.ts'
import { questions } from '../question-bank/index.ts'
import { sectionProgress, studyDays } from '../study/index.ts'
import { createCourseNotJoinedError } from './exams.errors.ts'
import { createExamsRepository } from './exams.repository.ts'

const DAY_MS = 86_400_000
const REPORT_DAYS = 30

/** The Asia/Shanghai calendar day of `d`, YYYY-MM-DD. */
const shanghaiDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10)

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
  const repo = createExamsRepository({ db })
  const course = await repo.course({ id: courseId })
  if (!course || !(await repo.enrolled({ studentId, courseId }))) throw createCourseNotJoinedError()

  const bank = await db
    .select({ chapterId: questions.chapterId, n: count() })
    .from(questions)
    .where(and(eq(questions.courseId, courseId), isNull(questions.deletedAt)))
    .groupBy(questions.chapterId)
  const answered = await db
    .select({
      chapterId: exerciseAnswers.chapterId,
      done: count(),
      right: sql<number>`count(*) filter (where ${exerciseAnswers.correct} = true)`.mapWith(Number),
      judged: sql<number>`count(*) filter (where ${exerciseAnswers.correct} is not null)`.mapWith(Number),
    })
    .from(exerciseAnswers)
    .where(and(eq(exerciseAnswers.studentId, studentId), eq(exerciseAnswers.courseId, courseId)))
    .groupBy(exerciseAnswers.chapterId)
  const chapters = await db
    .select({ id: courseChapters.id, title: courseChapters.title })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id))

  const totalOf = (id: number | null) => Number(bank.find((b) => b.chapterId === id)?.n ?? 0)
  const answersOf = (id: number | null) => answered.find((a) => a.chapterId === id)
  const list = chapters.map((c) => ({ id: c.id as number | null, title: c.title }))
  if (totalOf(null) > 0 || answersOf(null)) list.push({ id: null, title: '未分章' })
  const sum = (f: (a: (typeof answered)[number]) => number) => answered.reduce((s, a) => s + f(a), 0)
  const right = sum((a) => a.right)

  const exams = await repo.closedAttempts({ studentId, courseId, finalOnly: true })

  const since = shanghaiDay(new Date(now.getTime() - (REPORT_DAYS - 1) * DAY_MS))
  const dayRows = await db
    .select({ day: studyDays.day, ms: studyDays.ms })
    .from(studyDays)
    .where(and(eq(studyDays.studentId, studentId), gte(studyDays.day, since)))
  const [all] = await db
    .select({ ms: sql<number>`coalesce(sum(${studyDays.ms}), 0)`.mapWith(Number) })
    .from(studyDays)
    .where(eq(studyDays.studentId, studentId))
  // The days hold every course's time; the course's own is what its sections were credited.
  const [watched] = await db
    .select({ ms: sql<number>`coalesce(sum(${sectionProgress.watchedMs}), 0)`.mapWith(Number) })
    .from(sectionProgress)
    .where(and(eq(sectionProgress.studentId, studentId), eq(sectionProgress.courseId, courseId)))
  const days = Array.from({ length: REPORT_DAYS }, (_, i) => {
    const day = shanghaiDay(new Date(now.getTime() - (REPORT_DAYS - 1 - i) * DAY_MS))
    const ms = dayRows.filter((r) => String(r.day) === day).reduce((s, r) => s + r.ms, 0)
    return { day, seconds: Math.floor(ms / 1000) }
  })

  const [wrong] = await db
    .select({ n: count() })
    .from(wrongQuestions)
    .where(
      and(
        eq(wrongQuestions.studentId, studentId),
        eq(wrongQuestions.courseId, courseId),
        isNull(wrongQuestions.masteredAt),
        isNull(wrongQuestions.removedAt),
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
