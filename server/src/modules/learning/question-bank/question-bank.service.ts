import type { Executor } from '../../../db/types.ts'
import type { Difficulty, QuestionType } from '../../../wire.ts'
import {
  createQuestionChapterError,
  createQuestionCourseError,
  createQuestionCourseFixedError,
  createQuestionInvalidError,
  createQuestionNotFoundError,
} from './question-bank.errors.ts'
import { createQuestionBankRepository, type QuestionListRow, type QuestionRow, type UsedInPapers } from './question-bank.repository.ts'

export type { UsedInPapers }
import { checkContent } from './question-bank.rules.ts'

/** A question as the console reads it. */
export function toQuestion(r: QuestionListRow) {
  const q = r.question
  return {
    id: q.id,
    courseId: q.courseId,
    courseTitle: r.courseTitle,
    chapterId: q.chapterId,
    chapterTitle: r.chapterTitle,
    type: q.type,
    difficulty: q.difficulty,
    stem: q.stem,
    options: q.options,
    answer: q.answer,
    analysis: q.analysis,
    usedInPapers: r.usedInPapers,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  }
}

/** What a question is made of, as the console or a seed gives it. */
export interface QuestionInput {
  chapterId?: number | null
  type: QuestionType
  difficulty: Difficulty
  stem: string
  options?: ReadonlyArray<{ key?: string; text: string }>
  answer: readonly string[]
  analysis?: string
}

/** The office's question list page. */
export async function listQuestions({
  db,
  ...args
}: { db: Executor } & Parameters<ReturnType<typeof createQuestionBankRepository>['list']>[0]) {
  return createQuestionBankRepository({ db }).list(args)
}

export async function questionDetail({ db, id, usedInPapers }: { db: Executor; id: number; usedInPapers: UsedInPapers }) {
  const row = await createQuestionBankRepository({ db }).find({ id, usedInPapers })
  if (!row) throw createQuestionNotFoundError()
  return toQuestion(row)
}

async function checkedValues(db: Executor, courseId: number, input: QuestionInput) {
  const checked = checkContent({ type: input.type, options: input.options ?? [], answer: input.answer })
  if (!checked.ok) throw createQuestionInvalidError({ message: checked.message })
  const chapterId = input.chapterId ?? null
  if (chapterId !== null) {
    const chapters = await createQuestionBankRepository({ db }).chapters({ courseId })
    if (!chapters.some((c) => c.id === chapterId)) throw createQuestionChapterError()
  }
  return {
    chapterId,
    type: checked.content.type,
    difficulty: input.difficulty,
    stem: input.stem.trim(),
    options: checked.content.options,
    answer: checked.content.answer,
    analysis: (input.analysis ?? '').trim(),
  }
}

/**
 * Adds questions to a course's bank, each checked by its type's rules (a broken one: 400 with the
 * reason). For the console's form, the demo seed and other modules' tests.
 */
export async function addQuestions({
  db,
  courseId,
  questions,
  adminId = null,
}: {
  db: Executor
  courseId: number
  questions: readonly QuestionInput[]
  adminId?: number | null
}): Promise<QuestionRow[]> {
  const repo = createQuestionBankRepository({ db })
  const course = await repo.course({ id: courseId })
  if (!course) throw createQuestionCourseError()
  const values = []
  for (const q of questions) values.push({ ...(await checkedValues(db, courseId, q)), courseId, createdBy: adminId })
  return repo.insertMany(values)
}

export async function createQuestion({
  db,
  courseId,
  input,
  adminId,
}: {
  db: Executor
  courseId: number
  input: QuestionInput
  adminId: number
}) {
  const [row] = await addQuestions({ db, courseId, questions: [input], adminId })
  return { row: row!, course: (await createQuestionBankRepository({ db }).course({ id: courseId }))! }
}

export async function updateQuestion({ db, id, courseId, input }: { db: Executor; id: number; courseId?: number; input: QuestionInput }) {
  const repo = createQuestionBankRepository({ db })
  const before = await repo.lock({ id })
  if (!before) throw createQuestionNotFoundError()
  if (courseId !== undefined && courseId !== before.courseId) throw createQuestionCourseFixedError()
  const after = (await repo.update({ id, values: await checkedValues(db, before.courseId, input) }))!
  return { before, after }
}

export async function removeQuestion({ db, id }: { db: Executor; id: number }) {
  const row = await createQuestionBankRepository({ db }).softDelete({ id })
  if (!row) throw createQuestionNotFoundError()
  return row
}

/** A stem cut for an audit summary. */
export const stemBrief = (stem: string) => (stem.length > 30 ? `${stem.slice(0, 30)}…` : stem)

/** Whether the course has questions in the bank, removed ones included (they keep it): a course is removed only without. */
export async function courseHasQuestions({ db, courseId }: { db: Executor; courseId: number }): Promise<boolean> {
  return createQuestionBankRepository({ db }).courseHasQuestions({ courseId })
}
