import type { Executor } from '../../../db/types.ts'
import { isObjective, judgeAnswer, normalizeAnswer } from '@activity/domain'
import { DIFFICULTIES, type Difficulty, QUESTION_TYPES, QuestionType as QT, WrongSource } from '../../../wire.ts'
import { findEnrolment } from '../courses/index.ts'
import {
  createAnswerWithheldError,
  createCourseNotFoundError,
  createCourseNotJoinedError,
  createNotInBookError,
  createQuestionNotFoundError,
  createSelfCorrectMissingError,
} from './practice.errors.ts'
import { createPracticeRepository, type QuestionRow } from './practice.repository.ts'
import { collectWrong } from './practice.wrong.ts'

const UNCHAPTERED = '未分章'

/**
 * Which of these questions' answers, analyses and verdicts the student may not see now. The exams
 * module decides (withheldQuestions on its face: an open attempt, or an exam the student can still
 * sit, holds them); modules/index.ts hands it to the practice routes, because exams already uses
 * practice (the wrong-answer book) and the module graph has no circle.
 */
export type Withheld = (input: { db: Executor; studentId: number; questionIds: readonly number[] }) => Promise<ReadonlySet<number>>

/** The course, when the student has joined it: 404 when there is no such course, 403 when it is not theirs. */
async function joinedCourse(db: Executor, studentId: number, courseId: number) {
  const course = await createPracticeRepository({ db }).course({ id: courseId })
  if (!course) throw createCourseNotFoundError()
  if (!(await findEnrolment({ db, studentId, courseId }))) throw createCourseNotJoinedError()
  return course
}

/** A question of the bank (not removed) of a course the student joined. */
async function joinedQuestion(db: Executor, studentId: number, questionId: number): Promise<QuestionRow> {
  const question = await createPracticeRepository({ db }).question({ id: questionId })
  if (!question) throw createQuestionNotFoundError()
  if (!(await findEnrolment({ db, studentId, courseId: question.courseId }))) throw createCourseNotJoinedError()
  return question
}

// ---- exercises (章节练习) ----

export async function exerciseChapters({ db, studentId, courseId }: { db: Executor; studentId: number; courseId: number }) {
  const course = await joinedCourse(db, studentId, courseId)
  const repo = createPracticeRepository({ db })
  const [chapters, progress] = await Promise.all([repo.chapters({ courseId }), repo.progress({ studentId, courseId })])
  const empty = () =>
    Object.fromEntries(DIFFICULTIES.map((d) => [d, { total: 0, done: 0 }])) as Record<Difficulty, { total: number; done: number }>
  const summary = (id: number | null, title: string) => {
    const rows = progress.filter((p) => p.chapterId === id)
    const byDifficulty = empty()
    for (const r of rows) if (r.difficulty in byDifficulty) byDifficulty[r.difficulty as Difficulty] = { total: r.total, done: r.done }
    const sum = (k: 'total' | 'done' | 'right') => rows.reduce((s, r) => s + r[k], 0)
    return { id, title, total: sum('total'), done: sum('done'), right: sum('right'), byDifficulty }
  }
  const list = chapters.map((c) => summary(c.id, c.title))
  list.push(summary(null, UNCHAPTERED))
  return { courseId, courseTitle: course.title, chapters: list.filter((c) => c.total > 0) }
}

export async function exerciseList({
  db,
  studentId,
  courseId,
  chapterId,
  difficulty,
  withheld,
}: {
  db: Executor
  studentId: number
  courseId: number
  chapterId?: number | null
  difficulty?: string
  withheld: Withheld
}) {
  await joinedCourse(db, studentId, courseId)
  const rows = await createPracticeRepository({ db }).exerciseList({ studentId, courseId, chapterId, difficulty })
  // An earlier answer's verdict of a withheld question is not shown either.
  const hidden = await withheld({ db, studentId, questionIds: rows.map((r) => r.id) })
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      difficulty: r.difficulty,
      done: r.done,
      correct: r.done && !hidden.has(r.id) ? r.correct : null,
    })),
  }
}

export async function exerciseQuestion({
  db,
  studentId,
  id,
  difficulty,
  withheld,
}: {
  db: Executor
  studentId: number
  id: number
  difficulty?: string
  withheld: Withheld
}) {
  const q = await joinedQuestion(db, studentId, id)
  const repo = createPracticeRepository({ db })
  const [list, mine, hidden] = await Promise.all([
    repo.exerciseList({ studentId, courseId: q.courseId, chapterId: q.chapterId, difficulty }),
    repo.answer({ studentId, questionId: id }),
    withheld({ db, studentId, questionIds: [id] }),
  ])
  const shown = !hidden.has(id)
  return {
    id: q.id,
    courseId: q.courseId,
    chapterId: q.chapterId,
    type: q.type,
    difficulty: q.difficulty,
    stem: q.stem,
    options: q.options,
    index: Math.max(
      0,
      list.findIndex((r) => r.id === id),
    ),
    mine: mine
      ? {
          answer: mine.answer,
          correct: shown ? mine.correct : null,
          rightAnswer: shown ? q.answer : null,
          analysis: shown ? q.analysis : null,
        }
      : null,
  }
}

/**
 * An exercise answer (handSubject), in one transaction: the answer recorded (times + 1, right
 * times + 1 when right), a wrong or unanswered objective question into the wrong-answer book.
 * A withheld question's answer is recorded unjudged (no verdict stored, nothing in the book, so no
 * count or list tells either) and answered without the right answer or the analysis.
 */
export async function handSubject({
  db,
  studentId,
  questionId,
  answer,
  withheld,
}: {
  db: Executor
  studentId: number
  questionId: number
  answer: string[]
  withheld: Withheld
}) {
  return db.transaction(async (tx) => {
    const q = await joinedQuestion(tx, studentId, questionId)
    // Kept and judged as an exam attempt's answer is (@activity/domain's answer rule).
    const response = normalizeAnswer(q.type, answer)
    const shown = !(await withheld({ db: tx, studentId, questionIds: [questionId] })).has(questionId)
    const correct = shown ? judgeAnswer(q, response) : null
    const repo = createPracticeRepository({ db: tx })
    await repo.recordAnswer({ studentId, questionId, courseId: q.courseId, chapterId: q.chapterId, answer: response, correct })
    if (isObjective(q.type) && correct === false)
      await collectWrong(tx, { studentId, source: WrongSource.exercise, items: [{ questionId, courseId: q.courseId, type: q.type }] })
    const entry = await repo.wrongEntry({ studentId, questionId })
    const { done, total } = await repo.chapterCounts({ studentId, courseId: q.courseId, chapterId: q.chapterId })
    return {
      correct,
      rightAnswer: shown ? q.answer : null,
      analysis: shown ? q.analysis : null,
      inWrongBook: !!entry && entry.masteredAt === null && entry.removedAt === null,
      done,
      total,
    }
  })
}

export async function redoExercise({
  db,
  studentId,
  courseId,
  chapterId,
}: {
  db: Executor
  studentId: number
  courseId: number
  chapterId: number | null
}) {
  await joinedCourse(db, studentId, courseId)
  return { cleared: await createPracticeRepository({ db }).clearChapter({ studentId, courseId, chapterId }) }
}

// ---- the wrong-answer book (错题本) ----

export async function wrongList({
  db,
  studentId,
  ...filter
}: {
  db: Executor
  studentId: number
  courseId?: number
  type?: string
  page: number
  size: number
}) {
  const { rows, total } = await createPracticeRepository({ db }).wrongList({ studentId, ...filter })
  return {
    list: rows.map((r) => ({
      questionId: r.entry.questionId,
      courseId: r.entry.courseId,
      courseTitle: r.courseTitle,
      type: r.question.type,
      difficulty: r.question.difficulty,
      stem: r.question.stem,
      wrongCount: r.entry.wrongCount,
      streak: r.entry.streak,
      source: r.entry.source,
      lastWrongAt: r.entry.lastWrongAt?.toISOString() ?? null,
    })),
    total,
    page: filter.page,
    size: filter.size,
  }
}

export async function wrongSummary({ db, studentId }: { db: Executor; studentId: number }) {
  const repo = createPracticeRepository({ db })
  const [rows, mastered] = await Promise.all([repo.bookByCourseAndType({ studentId }), repo.masteredCount({ studentId })])
  const courses = new Map<number, { courseId: number; courseTitle: string; count: number }>()
  const types = new Map<string, number>()
  for (const r of rows) {
    const c = courses.get(r.courseId) ?? { courseId: r.courseId, courseTitle: r.courseTitle, count: 0 }
    c.count += r.count
    courses.set(r.courseId, c)
    types.set(r.type, (types.get(r.type) ?? 0) + r.count)
  }
  return {
    total: rows.reduce((s, r) => s + r.count, 0),
    courses: [...courses.values()].sort((a, b) => b.count - a.count || a.courseId - b.courseId),
    types: QUESTION_TYPES.filter((t) => types.has(t)).map((type) => ({ type, count: types.get(type)! })),
    mastered,
  }
}

async function bookEntry(db: Executor, studentId: number, questionId: number) {
  const row = await createPracticeRepository({ db }).bookEntry({ studentId, questionId })
  if (!row) throw createNotInBookError()
  return row
}

export async function wrongDetail({ db, studentId, questionId }: { db: Executor; studentId: number; questionId: number }) {
  const { entry, question: q } = await bookEntry(db, studentId, questionId)
  return {
    questionId,
    courseId: q.courseId,
    type: q.type,
    difficulty: q.difficulty,
    stem: q.stem,
    options: q.options,
    wrongCount: entry.wrongCount,
    streak: entry.streak,
  }
}

/**
 * Redoing a question of the book: right -> streak + 1 (mastered at WRONG_MASTER_STREAK, out of
 * the book); wrong -> wrong count + 1, streak 0. 简答题: the student's own judgement. One
 * statement, so two redos at once both count. A withheld question is refused untouched (409): its
 * streak would tell the verdict as surely as the answer would.
 */
export async function redoWrong({
  db,
  studentId,
  questionId,
  answer,
  selfCorrect,
  withheld,
}: {
  db: Executor
  studentId: number
  questionId: number
  answer: string[]
  selfCorrect?: boolean
  withheld: Withheld
}) {
  const { question: q } = await bookEntry(db, studentId, questionId)
  if ((await withheld({ db, studentId, questionIds: [questionId] })).has(questionId)) throw createAnswerWithheldError()
  let correct: boolean
  if (q.type === QT.short) {
    if (selfCorrect === undefined) throw createSelfCorrectMissingError()
    correct = selfCorrect
  } else correct = judgeAnswer(q, answer) === true
  const repo = createPracticeRepository({ db })
  const row = (await repo.redo({ studentId, questionId, correct })) ?? (await repo.wrongEntry({ studentId, questionId }))
  // Another redo at the same instant mastered or removed it: this one answers the entry as it is.
  if (!row) throw createNotInBookError()
  return { correct, rightAnswer: q.answer, analysis: q.analysis, streak: row.streak, mastered: row.masteredAt !== null }
}

export async function addForSelf({ db, studentId, questionId }: { db: Executor; studentId: number; questionId: number }) {
  const q = await joinedQuestion(db, studentId, questionId)
  await createPracticeRepository({ db }).addByHand({
    studentId,
    questionId,
    courseId: q.courseId,
    type: q.type,
    source: WrongSource.manual,
  })
  return { added: true as const }
}

export async function removeWrong({ db, studentId, questionId }: { db: Executor; studentId: number; questionId: number }) {
  if (!(await createPracticeRepository({ db }).remove({ studentId, questionId }))) throw createNotInBookError()
  return { removed: true as const }
}
