import type { Executor } from '../../../db/types.ts'
import { iso } from '../../../lib/envelope.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { batches } from '../../../lib/xlsx-export.ts'
import { AttemptClose, AttemptStatus, PaperKind, PaperStatus, QuestionType } from '../../../wire.ts'
import {
  createAdminPaperNotFoundError,
  createAttemptClosedError,
  createAttemptNotFoundError,
  createCourseNotFoundError,
  createMarkError,
  createNotMarkingError,
  createPaperChapterError,
  createPaperDeleteAttemptsError,
  createPaperEmptyError,
  createPaperFixedFieldsError,
  createPaperHasAttemptsError,
  createPaperKindError,
  createPaperQuestionsError,
  createPaperRulesShortError,
  createPaperWindowError,
  createPassScoreError,
  createStudentNotFoundError,
} from './exams.errors.ts'
import { type AttemptRow, createExamsRepository, type ExamsRepository, type PaperRow } from './exams.repository.ts'
import type { PaperInput } from './exams.schemas.ts'
import { closeAttempt, closeOverdueAttempts, dealQuestions, markAttempt, officeAttemptResult, type OnExamPassed } from './exams.service.ts'
import type { QuestionSnapshot } from './exams.table.ts'

type AdminPaper = Awaited<ReturnType<ExamsRepository['adminPapers']>>['rows'][number]

export function toAdminPaper(r: AdminPaper) {
  return {
    id: r.paper.id,
    courseId: r.paper.courseId,
    courseTitle: r.courseTitle,
    title: r.paper.title,
    use: r.paper.use,
    kind: r.paper.kind,
    status: r.paper.status,
    durationMinutes: r.paper.durationMinutes,
    opensAt: iso(r.paper.opensAt),
    closesAt: iso(r.paper.closesAt),
    maxAttempts: r.paper.maxAttempts,
    questionCount: r.questionCount,
    totalScore: r.totalScore,
    attemptCount: r.attemptCount,
    markingCount: r.markingCount,
    createdAt: r.paper.createdAt.toISOString(),
  }
}

export async function adminPaperList({
  db,
  page,
  size,
  ...filter
}: {
  db: Executor
  page: number
  size: number
  courseId?: number
  use?: string
  status?: string
  keyword?: string
  marking?: boolean
}) {
  const { rows, total } = await createExamsRepository({ db }).adminPapers({ filter, page, size })
  return { list: rows.map(toAdminPaper), total, page, size }
}

export async function adminPaperDetail({ db, id }: { db: Executor; id: number }) {
  const repo = createExamsRepository({ db })
  const found = await repo.paper({ id })
  if (!found) throw createAdminPaperNotFoundError()
  const attemptCount = await repo.attemptCount({ paperId: id })
  const marking = (await repo.adminAttempts({ filter: { paperId: id, status: AttemptStatus.marking }, page: 1, size: 1 })).total
  const p = found.paper
  const questions = await repo.paperQuestionList({ paperId: id })
  const rules = await repo.ruleList({ paperId: id })
  return {
    ...toAdminPaper({ ...found, attemptCount, markingCount: marking }),
    intro: p.intro,
    passScore: p.passScore,
    shuffleQuestions: p.shuffleQuestions,
    shuffleOptions: p.shuffleOptions,
    showRank: p.showRank,
    publishedAt: iso(p.publishedAt),
    questions: questions.map((q) => ({
      questionId: q.questionId,
      sort: q.sort,
      score: q.score,
      type: q.snapshot.type,
      difficulty: q.snapshot.difficulty,
      stem: q.snapshot.stem,
    })),
    rules: await Promise.all(
      rules.map(async (r) => ({
        id: r.rule.id,
        chapterId: r.rule.chapterId,
        chapterTitle: r.chapterTitle,
        type: r.rule.type,
        difficulty: r.rule.difficulty,
        count: r.rule.count,
        score: r.rule.score,
        available: await repo.available({ courseId: p.courseId, rule: r.rule }),
      })),
    ),
  }
}

function paperValues(input: PaperInput) {
  if (input.opensAt && input.closesAt && input.opensAt >= input.closesAt) throw createPaperWindowError()
  return {
    courseId: input.courseId,
    title: input.title,
    use: input.use,
    kind: input.kind,
    intro: input.intro ?? '',
    durationMinutes: input.durationMinutes,
    opensAt: input.opensAt ?? null,
    closesAt: input.closesAt ?? null,
    maxAttempts: input.maxAttempts,
    passScore: input.passScore,
    shuffleQuestions: input.shuffleQuestions ?? false,
    shuffleOptions: input.shuffleOptions ?? false,
    showRank: input.showRank ?? false,
  }
}

export async function createPaper({ db, input, adminId }: { db: Executor; input: PaperInput; adminId: number | null }): Promise<PaperRow> {
  const repo = createExamsRepository({ db })
  if (!(await repo.course({ id: input.courseId }))) throw createCourseNotFoundError()
  return repo.insertPaper({ values: { ...paperValues(input), status: PaperStatus.draft, createdBy: adminId } })
}

export async function updatePaper({ db, id, input }: { db: Executor; id: number; input: PaperInput }) {
  const repo = createExamsRepository({ db })
  const before = await repo.lockPaper({ id })
  if (!before) throw createAdminPaperNotFoundError()
  if (!(await repo.course({ id: input.courseId }))) throw createCourseNotFoundError()
  if ((before.courseId !== input.courseId || before.kind !== input.kind) && (await repo.attemptCount({ paperId: id })) > 0)
    throw createPaperFixedFieldsError()
  const after = await repo.updatePaper({ id, values: paperValues(input) })
  // Another course: the old course's questions and chapters no longer fit.
  if (before.courseId !== input.courseId) {
    await repo.replaceQuestions({ paperId: id, items: [] })
    await repo.replaceRules({ paperId: id, rules: [] })
  }
  return { before, after }
}

const snapshotOf = (q: {
  type: string
  difficulty: string
  stem: string
  options: QuestionSnapshot['options']
  answer: string[]
  analysis: string
}): QuestionSnapshot => ({
  type: q.type,
  difficulty: q.difficulty,
  stem: q.stem,
  options: q.options,
  answer: q.answer,
  analysis: q.analysis,
})

/** Locks a paper the office edits the questions of: refused once anyone has sat it. */
async function editablePaper(repo: ExamsRepository, id: number, kind: PaperKind) {
  const paper = await repo.lockPaper({ id })
  if (!paper) throw createAdminPaperNotFoundError()
  if (paper.kind !== kind) throw createPaperKindError()
  if ((await repo.attemptCount({ paperId: id })) > 0) throw createPaperHasAttemptsError()
  return paper
}

export async function setPaperQuestions({
  db,
  paperId,
  items,
}: {
  db: Executor
  paperId: number
  items: Array<{ questionId: number; score: number }>
}) {
  const repo = createExamsRepository({ db })
  const paper = await editablePaper(repo, paperId, PaperKind.fixed)
  const bank = new Map((await repo.bankQuestions({ ids: items.map((i) => i.questionId) })).map((q) => [q.id, q]))
  for (const item of items) {
    const q = bank.get(item.questionId)
    if (!q || q.deletedAt || q.courseId !== paper.courseId) throw createPaperQuestionsError()
  }
  await repo.replaceQuestions({
    paperId,
    items: items.map((i) => ({ questionId: i.questionId, score: i.score, snapshot: snapshotOf(bank.get(i.questionId)!) })),
  })
  return paper
}

export async function setPaperRules({
  db,
  paperId,
  rules,
}: {
  db: Executor
  paperId: number
  rules: Array<{ chapterId: number | null; type: string; difficulty: string | null; count: number; score: number }>
}) {
  const repo = createExamsRepository({ db })
  const paper = await editablePaper(repo, paperId, PaperKind.random)
  for (const rule of rules)
    if (rule.chapterId !== null && (await repo.chapter({ id: rule.chapterId }))?.courseId !== paper.courseId)
      throw createPaperChapterError()
  await repo.replaceRules({ paperId, rules })
  return paper
}

/**
 * 发布 / 停用 / back to 草稿. Publishing needs questions (or rules a bank can satisfy now), a pass
 * score within the total; a fixed paper's snapshots are taken again from the bank (a question
 * deleted since keeps its snapshot).
 */
export async function changePaperStatus({ db, id, status }: { db: Executor; id: number; status: PaperStatus }) {
  const repo = createExamsRepository({ db })
  const paper = await repo.lockPaper({ id })
  if (!paper) throw createAdminPaperNotFoundError()
  if (status === PaperStatus.published && paper.status !== PaperStatus.published) {
    if (paper.kind === PaperKind.fixed) {
      const list = await repo.fixedQuestions({ paperId: id })
      const bank = new Map((await repo.bankQuestions({ ids: list.map((q) => q.questionId) })).map((q) => [q.id, q]))
      for (const q of list) {
        const now = bank.get(q.questionId)
        if (now && !now.deletedAt) await repo.resnapshot({ paperId: id, questionId: q.questionId, snapshot: snapshotOf(now) })
      }
    }
    const { totalScore, questionCount } = (await repo.paper({ id }))!
    if (questionCount === 0) throw createPaperEmptyError()
    if (paper.passScore > totalScore) throw createPassScoreError()
    if (paper.kind === PaperKind.random) {
      try {
        await dealQuestions({ repo, paper, randomly: false })
      } catch {
        throw createPaperRulesShortError()
      }
    }
  }
  const after = await repo.updatePaper({
    id,
    values: { status, publishedAt: status === PaperStatus.published ? (paper.publishedAt ?? new Date()) : paper.publishedAt },
  })
  return { before: paper, after }
}

export async function removePaper({ db, id }: { db: Executor; id: number }) {
  const repo = createExamsRepository({ db })
  const paper = await repo.lockPaper({ id })
  if (!paper) throw createAdminPaperNotFoundError()
  if ((await repo.attemptCount({ paperId: id })) > 0) throw createPaperDeleteAttemptsError()
  await repo.deletePaper({ id })
  return paper
}

// ---- attempts ----

type AdminAttempt = Awaited<ReturnType<ExamsRepository['adminAttempts']>>['rows'][number]

export function toAdminAttempt(r: AdminAttempt) {
  const a = r.attempt
  return {
    id: a.id,
    paperId: a.paperId,
    studentId: a.studentId,
    name: r.name,
    studentNo: r.studentNo,
    phone: maskPhone(r.phone),
    number: a.number,
    status: a.status,
    startedAt: a.startedAt.toISOString(),
    closedAt: iso(a.closedAt),
    closeReason: a.closeReason,
    objectiveScore: a.objectiveScore,
    subjectiveScore: a.subjectiveScore,
    score: a.score,
    totalScore: a.totalScore,
    pendingMarks: a.pendingMarks,
  }
}

export async function adminAttemptList({
  db,
  page,
  size,
  onPassed,
  ...filter
}: {
  db: Executor
  page: number
  size: number
  paperId?: number
  status?: string
  keyword?: string
  onPassed: OnExamPassed
}) {
  // Overdue attempts shown as what they are: closed.
  await closeOverdueAttempts({ db, onPassed })
  const { rows, total } = await createExamsRepository({ db }).adminAttempts({ filter, page, size })
  return { list: rows.map(toAdminAttempt), total, page, size }
}

/** Everything of an attempt, for marking (an open one too: its questions with the answers). */
export async function adminAttemptDetail({ db, id, onPassed }: { db: Executor; id: number; onPassed: OnExamPassed }) {
  const repo = createExamsRepository({ db })
  let attempt = await repo.attempt({ id })
  if (!attempt) throw createAttemptNotFoundError()
  if (attempt.status === AttemptStatus.open && attempt.endsAt.getTime() <= Date.now() + 5000) {
    await db.transaction((tx) => closeAttempt({ tx, attemptId: id, reason: AttemptClose.timeout, onlyIfOverdue: true, onPassed }))
    attempt = (await repo.attempt({ id }))!
  }
  const student = await repo.student({ id: attempt.studentId })
  const base = await resultOf(db, attempt)
  return {
    ...base,
    subjectiveScore: attempt.subjectiveScore,
    markedAt: iso(attempt.markedAt),
    student: { id: attempt.studentId, name: student?.name ?? '', studentNo: student?.studentNo ?? null },
  }
}

/** The office sees an open attempt's questions with answers too (the student never does). */
async function resultOf(db: Executor, attempt: AttemptRow) {
  if (attempt.status !== AttemptStatus.open) return officeAttemptResult({ db, attempt })
  const repo = createExamsRepository({ db })
  const paper = await repo.paper({ id: attempt.paperId })
  const rows = await repo.questionsOf({ attemptId: attempt.id })
  return {
    id: attempt.id,
    number: attempt.number,
    status: attempt.status,
    startedAt: attempt.startedAt.toISOString(),
    endsAt: attempt.endsAt.toISOString(),
    closedAt: null,
    closeReason: null,
    score: null,
    objectiveScore: null,
    totalScore: attempt.totalScore,
    pendingMarks: 0,
    paperId: attempt.paperId,
    paperTitle: paper?.paper.title ?? '',
    passScore: paper?.paper.passScore ?? 0,
    rank: null,
    questions: rows.map((q) => ({
      position: q.position,
      questionId: q.questionId,
      type: q.type,
      stem: q.stem,
      options: q.options,
      score: q.score,
      response: q.response,
      rightAnswer: q.answer,
      analysis: q.analysis,
      correct: q.correct,
      earned: q.earned,
      comment: q.comment,
    })),
  }
}

export async function markAttemptByOffice({
  db,
  attemptId,
  marks,
  adminId,
  onPassed,
}: {
  db: Executor
  attemptId: number
  marks: Array<{ position: number; earned: number; comment?: string }>
  adminId: number
  onPassed: OnExamPassed
}) {
  const repo = createExamsRepository({ db })
  const attempt = await repo.lockAttempt({ id: attemptId })
  if (!attempt) throw createAttemptNotFoundError()
  if (attempt.status !== AttemptStatus.marking) throw createNotMarkingError()
  const byPosition = new Map((await repo.questionsOf({ attemptId })).map((q) => [q.position, q]))
  for (const m of marks) {
    const q = byPosition.get(m.position)
    if (!q || q.type !== QuestionType.short || m.earned > q.score) throw createMarkError()
  }
  return markAttempt({ tx: db, attempt, marks, adminId, onPassed })
}

export async function closeByOffice({ db, attemptId, onPassed }: { db: Executor; attemptId: number; onPassed: OnExamPassed }) {
  const repo = createExamsRepository({ db })
  const attempt = await repo.lockAttempt({ id: attemptId })
  if (!attempt) throw createAttemptNotFoundError()
  if (attempt.status !== AttemptStatus.open) throw createAttemptClosedError()
  await closeAttempt({ tx: db, attemptId, reason: AttemptClose.office, locked: attempt, onPassed })
  return attempt
}

export async function clearAttempts({ db, paperId, studentId }: { db: Executor; paperId: number; studentId: number }) {
  const repo = createExamsRepository({ db })
  const paper = await repo.lockPaper({ id: paperId })
  if (!paper) throw createAdminPaperNotFoundError()
  if (!(await repo.student({ id: studentId }))) throw createStudentNotFoundError()
  return { paper, cleared: await repo.clearAttempts({ paperId, studentId }) }
}

type ExportRow = Awaited<ReturnType<ExamsRepository['exportBatch']>>[number]

/**
 * A paper's attempts for the export (overdue ones closed first), read in batches, each with its
 * rank among the students' best final scores (null: not final).
 */
export async function attemptExport({ db, paperId, onPassed }: { db: Executor; paperId: number; onPassed: OnExamPassed }) {
  const repo = createExamsRepository({ db })
  const found = await repo.paper({ id: paperId })
  if (!found) throw createAdminPaperNotFoundError()
  await closeOverdueAttempts({ db, onPassed })
  const ranks = new Map<number, number>()
  const rankOf = async (score: number) => {
    if (!ranks.has(score)) ranks.set(score, (await repo.rank({ paperId, score })).rank)
    return ranks.get(score)!
  }
  async function* rows(): AsyncGenerator<ExportRow & { rank: number | null }> {
    for await (const r of batches<ExportRow>({
      next: (last, limit) => repo.exportBatch({ paperId, afterId: last?.attempt.id ?? 0, limit }),
    })) {
      const final = r.attempt.status === AttemptStatus.done && r.attempt.score !== null
      yield { ...r, rank: final ? await rankOf(r.attempt.score!) : null }
    }
  }
  return { paper: found.paper, rows: rows() }
}

/**
 * What waits for marking (工作台): the papers the console's paper list shows with `marking=true`
 * and the attempts 待阅卷 in them (the attempt list's filter `status=待阅卷`).
 */
export async function papersToMark({ db }: { db: Executor }) {
  const repo = createExamsRepository({ db })
  const [papers, attempts] = await Promise.all([
    repo.countAdminPapers({ marking: true }),
    repo.countAdminAttempts({ status: AttemptStatus.marking }),
  ])
  return { papers, attempts }
}
