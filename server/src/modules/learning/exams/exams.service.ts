import { isObjective, normalizeAnswer, scoreAnswer } from '@activity/domain'
import type { Executor } from '../../../db/types.ts'
import { iso } from '../../../lib/envelope.ts'
import { isAppError } from '../../../lib/errors.ts'
import { AttemptClose, AttemptStatus, PaperKind, PaperUse, QUESTION_TYPES, type QuestionType, WrongSource } from '../../../wire.ts'
import { recordExamMarked } from '../../platform/index.ts'
import { collectWrong, type WrongItem } from '../practice/index.ts'
import {
  createAnswerFormatError,
  createAttemptEndedError,
  createAttemptNotFoundError,
  createAttemptOpenError,
  createAttemptsUsedError,
  createBankShortError,
  createNotOpenYetError,
  createPaperNotFoundError,
  createPaperWithheldError,
  createQuestionNotFoundError,
  createWindowClosedError,
} from './exams.errors.ts'
import { type AttemptQuestionRow, type AttemptRow, createExamsRepository, type ExamsRepository, type PaperRow } from './exams.repository.ts'
import { isShufflable, seededRandom, shuffled, shuffleOptions } from './exams.scoring.ts'
import type { QuestionSnapshot } from './exams.table.ts'
import { withheldQuestions } from './exams.withheld.ts'

/**
 * What a passed exam earns (考试通过 points, the points module's): modules/index.ts passes it in as
 * a registration option, startup.ts to the overdue job; called in the closing transaction.
 */
export type OnExamPassed = (args: { db: Executor; studentId: number; paperId: number; paperTitle: string; now: Date }) => Promise<unknown>

export type PaperState = '未开始' | '可参加' | '答题中' | '已用完' | '已结束'

type StudentPaper = Awaited<ReturnType<ExamsRepository['studentPapers']>>[number]

/** Where a student stands with a paper, at `now`. */
export function paperState(p: StudentPaper, now: Date): PaperState {
  if (p.openAttemptId !== null) return '答题中'
  if (p.paper.opensAt && now < p.paper.opensAt) return '未开始'
  if (p.paper.closesAt && now >= p.paper.closesAt) return '已结束'
  if (p.paper.maxAttempts > 0 && p.attemptsUsed >= p.paper.maxAttempts) return '已用完'
  return '可参加'
}

function toCard(p: StudentPaper, now: Date) {
  return {
    id: p.paper.id,
    courseId: p.paper.courseId,
    courseTitle: p.courseTitle,
    title: p.paper.title,
    use: p.paper.use,
    kind: p.paper.kind,
    durationMinutes: p.paper.durationMinutes,
    questionCount: p.questionCount,
    totalScore: p.totalScore,
    passScore: p.paper.passScore,
    opensAt: iso(p.paper.opensAt),
    closesAt: iso(p.paper.closesAt),
    maxAttempts: p.paper.maxAttempts,
    attemptsUsed: p.attemptsUsed,
    openAttemptId: p.openAttemptId === null ? null : Number(p.openAttemptId),
    bestScore: p.bestScore === null ? null : Number(p.bestScore),
    state: paperState(p, now),
  }
}

export function toSummary(a: AttemptRow) {
  const closed = a.status !== AttemptStatus.open
  return {
    id: a.id,
    number: a.number,
    status: a.status,
    startedAt: a.startedAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    closedAt: iso(a.closedAt),
    closeReason: a.closeReason,
    // Nothing of the attempt's score leaves while it is open.
    score: closed ? a.score : null,
    objectiveScore: closed ? a.objectiveScore : null,
    totalScore: a.totalScore,
    pendingMarks: closed ? a.pendingMarks : 0,
  }
}

// ---- closing ----

/**
 * Closes an open attempt in the caller's transaction: locked FOR UPDATE (a save in flight finishes
 * first; a second close waits, then finds it closed and does nothing); objective questions scored,
 * 简答题 left to mark (an unanswered one is 0 at once), the status and scores written, and wrong or
 * unanswered questions put in the wrong-answer book. `onlyIfOverdue`: only when ends_at has passed
 * (a read's lazy close, the overdue job). A 交卷 after the end counts as the timeout. Returns
 * whether this call closed it.
 */
export async function closeAttempt({
  tx,
  attemptId,
  reason,
  onlyIfOverdue = false,
  locked,
  onPassed,
}: {
  tx: Executor
  attemptId: number
  reason: AttemptClose
  onPassed: OnExamPassed
  onlyIfOverdue?: boolean
  /** The attempt row, already locked FOR UPDATE by the caller (the overdue job). */
  locked?: AttemptRow
}): Promise<boolean> {
  const repo = createExamsRepository({ db: tx })
  const attempt = locked ?? (await repo.lockAttempt({ id: attemptId }))
  if (!attempt || attempt.status !== AttemptStatus.open) return false
  const now = await repo.dbNow()
  const overdue = attempt.endsAt.getTime() <= now.getTime()
  if (onlyIfOverdue && !overdue) return false
  const paper = await repo.paper({ id: attempt.paperId })
  const rows = await repo.questionsOf({ attemptId: attempt.id })
  if (reason === AttemptClose.abandoned) {
    await repo.updateAttempt({
      id: attempt.id,
      values: {
        status: AttemptStatus.abandoned,
        closedAt: now,
        closeReason: AttemptClose.abandoned,
        objectiveScore: 0,
        subjectiveScore: 0,
        score: 0,
        pendingMarks: 0,
      },
    })
    return true
  }
  // @activity/domain's answer rule, practice's too: an unanswered 简答题 is 0 at once, an answered one waits to be marked.
  const results = rows.map((q) => ({ position: q.position, ...scoreAnswer(q, q.response) }))
  await repo.writeResults({ attemptId: attempt.id, results })
  const byPosition = new Map(rows.map((q) => [q.position, q]))
  const objective = results.filter((r) => isObjective(byPosition.get(r.position)!.type)).reduce((s, r) => s + (r.earned ?? 0), 0)
  const pending = results.filter((r) => r.earned === null).length
  const subjective = results.filter((r) => !isObjective(byPosition.get(r.position)!.type)).reduce((s, r) => s + (r.earned ?? 0), 0)
  await repo.updateAttempt({
    id: attempt.id,
    values: {
      status: pending > 0 ? AttemptStatus.marking : AttemptStatus.done,
      closedAt: now,
      closeReason: overdue && reason === AttemptClose.submitted ? AttemptClose.timeout : reason,
      objectiveScore: objective,
      subjectiveScore: pending > 0 ? null : subjective,
      score: pending > 0 ? null : objective + subjective,
      pendingMarks: pending,
    },
  })
  if (pending === 0)
    await earnIfPassed(tx, { studentId: attempt.studentId, paper: paper!.paper, score: objective + subjective, at: now, onPassed })
  const wrong: WrongItem[] = results
    .filter((r) => r.correct === false)
    .map((r) => ({
      questionId: byPosition.get(r.position)!.questionId,
      courseId: paper!.paper.courseId,
      type: byPosition.get(r.position)!.type,
    }))
  await feedWrongBook(tx, { studentId: attempt.studentId, items: wrong, at: now })
  return true
}

/**
 * Wrong questions of a closing or a marking into the book, but not those whose answers are withheld
 * (an exam the student can still sit, another open attempt): the book's contents would tell which
 * answer was wrong. Called after the attempt's own status is written, so a closed one-attempt exam
 * no longer withholds its own questions.
 */
async function feedWrongBook(tx: Executor, { studentId, items, at }: { studentId: number; items: WrongItem[]; at?: Date }) {
  const withheld = await withheldQuestions({ db: tx, studentId, questionIds: items.map((i) => i.questionId) })
  const shown = items.filter((i) => !withheld.has(i.questionId))
  await collectWrong(tx, { studentId, source: WrongSource.exam, items: shown, at })
}

/** 考试通过 points when a final score reaches the paper's pass score (points module, in this transaction; once per paper). */
async function earnIfPassed(
  tx: Executor,
  {
    studentId,
    paper,
    score,
    at,
    onPassed,
  }: { studentId: number; paper: { id: number; title: string; passScore: number }; score: number; at: Date; onPassed: OnExamPassed },
) {
  if (score >= paper.passScore) await onPassed({ db: tx, studentId, paperId: paper.id, paperTitle: paper.title, now: at })
}

/** The overdue job (every 15 s): closes open attempts past their end, 100 per transaction; several processes share the work (SKIP LOCKED). */
export async function closeOverdueAttempts({
  db,
  batch = 100,
  onPassed,
}: {
  db: Executor
  batch?: number
  onPassed: OnExamPassed
}): Promise<number> {
  let closed = 0
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const claimed = await createExamsRepository({ db: tx }).claimOverdue({ limit: batch })
      for (const attempt of claimed)
        await closeAttempt({ tx, attemptId: attempt.id, reason: AttemptClose.timeout, onlyIfOverdue: true, locked: attempt, onPassed })
      return claimed.length
    })
    closed += n
    if (n < batch) return closed
  }
}

/** A read of an open attempt past its end closes it first (the job may not have come by yet). */
async function settled({ db, attempt, onPassed }: { db: Executor; attempt: AttemptRow; onPassed: OnExamPassed }): Promise<AttemptRow> {
  if (attempt.status !== AttemptStatus.open || attempt.endsAt.getTime() > Date.now() + 5000) return attempt
  const closed = await db.transaction((tx) =>
    closeAttempt({ tx, attemptId: attempt.id, reason: AttemptClose.timeout, onlyIfOverdue: true, onPassed }),
  )
  return closed ? ((await createExamsRepository({ db }).attempt({ id: attempt.id })) ?? attempt) : attempt
}

/** Every overdue open attempt of the student, closed (before their lists are read). */
async function settleStudent({ db, studentId, onPassed }: { db: Executor; studentId: number; onPassed: OnExamPassed }) {
  const overdue = await createExamsRepository({ db }).overdueOf({ studentId })
  for (const { id } of overdue)
    await db.transaction((tx) => closeAttempt({ tx, attemptId: id, reason: AttemptClose.timeout, onlyIfOverdue: true, onPassed }))
}

/** A call on one of the student's attempts. */
interface StudentAttemptCall {
  db: Executor
  studentId: number
  attemptId: number
  onPassed: OnExamPassed
}

/** The student's own attempt (another's: 404), overdue ones closed first. */
async function ownAttempt({ db, studentId, attemptId, onPassed }: StudentAttemptCall) {
  const attempt = await createExamsRepository({ db }).attempt({ id: attemptId })
  if (!attempt || attempt.studentId !== studentId) throw createAttemptNotFoundError()
  return settled({ db, attempt, onPassed })
}

// ---- what the student sees ----

export async function listPapers({
  db,
  studentId,
  courseId,
  use,
  onPassed,
}: {
  db: Executor
  studentId: number
  courseId?: number
  use?: string
  onPassed: OnExamPassed
}) {
  await settleStudent({ db, studentId, onPassed })
  const rows = await createExamsRepository({ db }).studentPapers({ studentId, courseId, use })
  const now = new Date()
  return rows.map((p) => toCard(p, now))
}

export async function paperDetails({
  db,
  studentId,
  paperId,
  onPassed,
}: {
  db: Executor
  studentId: number
  paperId: number
  onPassed: OnExamPassed
}) {
  await settleStudent({ db, studentId, onPassed })
  const repo = createExamsRepository({ db })
  const [p] = await repo.studentPapers({ studentId, paperId })
  if (!p) throw createPaperNotFoundError()
  const attempts = await repo.attemptsOf({ paperId, studentId })
  return { ...toCard(p, new Date()), intro: p.paper.intro, attempts: attempts.map(toSummary) }
}

async function sheet({ db, attempt }: { db: Executor; attempt: AttemptRow }) {
  const repo = createExamsRepository({ db })
  const [paper, rows, now] = [
    await repo.paper({ id: attempt.paperId }),
    await repo.questionsOf({ attemptId: attempt.id }),
    await repo.dbNow(),
  ]
  return {
    id: attempt.id,
    paperId: attempt.paperId,
    paperTitle: paper?.paper.title ?? '',
    status: AttemptStatus.open,
    startedAt: attempt.startedAt.toISOString(),
    endsAt: attempt.endsAt.toISOString(),
    serverNow: now.toISOString(),
    totalScore: attempt.totalScore,
    // Only what is shown: never the answer, the analysis or a result.
    questions: rows.map((q) => ({
      position: q.position,
      type: q.type,
      stem: q.stem,
      options: q.options,
      score: q.score,
      response: q.response,
    })),
  }
}

function resultQuestion(q: AttemptQuestionRow) {
  return {
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
  }
}

/** A closed attempt with every question's answer, analysis and result (the office's view); the rank when the paper shows it and the score is final. */
export async function officeAttemptResult({ db, attempt }: { db: Executor; attempt: AttemptRow }) {
  if (attempt.status === AttemptStatus.open) throw new Error('an open attempt has no result')
  const repo = createExamsRepository({ db })
  const paper = await repo.paper({ id: attempt.paperId })
  const rows = await repo.questionsOf({ attemptId: attempt.id })
  const final = attempt.status === AttemptStatus.done && attempt.score !== null
  return {
    ...toSummary(attempt),
    paperId: attempt.paperId,
    paperTitle: paper?.paper.title ?? '',
    passScore: paper?.paper.passScore ?? 0,
    rank: paper?.paper.showRank && final ? await repo.rank({ paperId: attempt.paperId, score: attempt.score! }) : null,
    questions: rows.map(resultQuestion),
  }
}

/**
 * The student's view of a closed attempt: the office's, except that a question whose answer the
 * student may not see now (withheldQuestions: another open attempt holds it, or an exam they can
 * still sit) shows no answer, analysis, verdict, points or comment.
 */
export async function attemptResult({ db, attempt }: { db: Executor; attempt: AttemptRow }) {
  const result = await officeAttemptResult({ db, attempt })
  const withheld = await withheldQuestions({ db, studentId: attempt.studentId, questionIds: result.questions.map((q) => q.questionId) })
  return {
    ...result,
    questions: result.questions.map((q) =>
      withheld.has(q.questionId) ? { ...q, rightAnswer: null, analysis: null, correct: null, earned: null, comment: null } : q,
    ),
  }
}

/** A random paper's rules, the most specific first, so a narrow rule is not starved by a broad one. */
const bySpecificity = <R extends { chapterId: number | null; difficulty: string | null }>(rules: R[]) =>
  [...rules].sort(
    (a, b) => Number(b.chapterId !== null) + Number(b.difficulty !== null) - (Number(a.chapterId !== null) + Number(a.difficulty !== null)),
  )

/**
 * The questions an attempt is dealt: a fixed paper's snapshots, or a random paper's draw by its
 * rules (no question twice, none of `avoid`).
 */
export async function dealQuestions({
  repo,
  paper,
  randomly = true,
  avoid = [],
}: {
  repo: ExamsRepository
  paper: { id: number; kind: string; courseId: number }
  randomly?: boolean
  avoid?: readonly number[]
}): Promise<Array<{ questionId: number; score: number; snapshot: QuestionSnapshot }>> {
  if (paper.kind === PaperKind.fixed)
    return (await repo.fixedQuestions({ paperId: paper.id })).map((q) => ({
      questionId: q.questionId,
      score: q.score,
      snapshot: q.snapshot,
    }))
  const dealt: Array<{ questionId: number; score: number; snapshot: QuestionSnapshot }> = []
  const rules = await repo.rules({ paperId: paper.id })
  // Drawn by specificity, dealt in the rules' own order.
  const drawn = new Map<number, typeof dealt>()
  for (const rule of bySpecificity(rules)) {
    const exclude = [...avoid, ...[...drawn.values()].flat().map((d) => d.questionId)]
    const rows = await repo.draw({ courseId: paper.courseId, rule, exclude, randomly })
    if (rows.length < rule.count) throw createBankShortError()
    drawn.set(
      rule.id,
      rows.map((q) => ({
        questionId: q.id,
        score: rule.score,
        snapshot: { type: q.type, difficulty: q.difficulty, stem: q.stem, options: q.options, answer: q.answer, analysis: q.analysis },
      })),
    )
  }
  for (const rule of rules) dealt.push(...(drawn.get(rule.id) ?? []))
  return dealt
}

/**
 * A mock paper's deal for this student: its result shows answers, so it never holds a question whose
 * answer the student may not see now (withheldQuestions). A fixed paper holding one waits (409); a
 * random paper draws around them, and waits too when the bank left is short. An exam deals as is:
 * its own questions are the withheld ones, and its result hides any another exam still holds.
 */
async function dealFor({ tx, repo, paper, studentId }: { tx: Executor; repo: ExamsRepository; paper: PaperRow; studentId: number }) {
  if (paper.use === PaperUse.exam) return dealQuestions({ repo, paper })
  if (paper.kind === PaperKind.fixed) {
    const dealt = await dealQuestions({ repo, paper })
    const withheld = await withheldQuestions({ db: tx, studentId, questionIds: dealt.map((d) => d.questionId) })
    if (withheld.size > 0) throw createPaperWithheldError()
    return dealt
  }
  const bank = await repo.courseQuestionIds({ courseId: paper.courseId })
  const withheld = [...(await withheldQuestions({ db: tx, studentId, questionIds: bank }))]
  try {
    return await dealQuestions({ repo, paper, avoid: withheld })
  } catch (error) {
    if (withheld.length > 0 && isAppError(error) && error.key === createBankShortError.key) throw createPaperWithheldError()
    throw error
  }
}

/**
 * 开始答题: resumes the student's open attempt of the paper, or starts one when the window and the
 * attempts left allow (the draw of a random paper happens now). ends_at is fixed here.
 */
export async function startAttempt({
  db,
  studentId,
  paperId,
  onPassed,
}: {
  db: Executor
  studentId: number
  paperId: number
  onPassed: OnExamPassed
}) {
  const attemptId = await db.transaction(async (tx) => {
    const repo = createExamsRepository({ db: tx })
    await repo.lockStudent({ studentId })
    const [p] = await repo.studentPapers({ studentId, paperId })
    if (!p) throw createPaperNotFoundError()
    const now = await repo.dbNow()
    let attempts = await repo.attemptsOf({ paperId, studentId })
    const open = attempts.find((a) => a.status === AttemptStatus.open)
    if (open) {
      if (open.endsAt.getTime() > now.getTime()) return open.id
      await closeAttempt({ tx, attemptId: open.id, reason: AttemptClose.timeout, onlyIfOverdue: true, onPassed })
      attempts = await repo.attemptsOf({ paperId, studentId })
    }
    const paper = p.paper
    if (paper.opensAt && now < paper.opensAt) throw createNotOpenYetError()
    if (paper.closesAt && now >= paper.closesAt) throw createWindowClosedError()
    if (paper.maxAttempts > 0 && attempts.length >= paper.maxAttempts) throw createAttemptsUsedError()
    const dealt = await dealFor({ tx, repo, paper, studentId })
    if (dealt.length === 0) throw createBankShortError()
    const total = dealt.reduce((s, d) => s + d.score, 0)
    const attempt = await repo.insertAttempt({
      paperId,
      studentId,
      number: Math.max(0, ...attempts.map((a) => a.number)) + 1,
      durationMinutes: paper.durationMinutes,
      closesAt: paper.closesAt,
      totalScore: total,
    })
    // Seeded by the attempt: the same student sees the same order on every read.
    const random = seededRandom(attempt.id * 2654435761)
    const order = paper.shuffleQuestions ? shuffled(dealt, random) : dealt
    await repo.insertQuestions({
      rows: order.map((d, i) => {
        const mixed =
          paper.shuffleOptions && isShufflable(d.snapshot.type)
            ? shuffleOptions(d.snapshot, random)
            : { options: d.snapshot.options, answer: d.snapshot.answer }
        return {
          attemptId: attempt.id,
          position: i + 1,
          questionId: d.questionId,
          type: d.snapshot.type,
          stem: d.snapshot.stem,
          options: mixed.options,
          answer: mixed.answer,
          analysis: d.snapshot.analysis,
          score: d.score,
        }
      }),
    })
    return attempt.id
  })
  const attempt = await createExamsRepository({ db }).attempt({ id: attemptId })
  return sheet({ db, attempt: attempt! })
}

/** The sheet while 答题中, the result once closed (an overdue attempt is closed first). */
export async function viewAttempt({ db, studentId, attemptId, onPassed }: StudentAttemptCall) {
  const attempt = await ownAttempt({ db, studentId, attemptId, onPassed })
  return attempt.status === AttemptStatus.open ? sheet({ db, attempt }) : attemptResult({ db, attempt })
}

/** The result of a closed attempt (refreshScore): the current score, final once marked. An open one: 409. */
export async function attemptScore({ db, studentId, attemptId, onPassed }: StudentAttemptCall) {
  const attempt = await ownAttempt({ db, studentId, attemptId, onPassed })
  if (attempt.status === AttemptStatus.open) throw createAttemptOpenError()
  return attemptResult({ db, attempt })
}

/** Saves one answer (one statement, the database's clock); refused once the attempt closed or its time is up. */
export async function saveAnswer({
  db,
  studentId,
  attemptId,
  position,
  answer,
}: {
  db: Executor
  studentId: number
  attemptId: number
  position: number
  answer: string[]
}) {
  const repo = createExamsRepository({ db })
  // The statement keeps the form of the question's type (`AB`, `a,b`, `ＡＢ` are ["A","B"], as in practice).
  const answers = Object.fromEntries(QUESTION_TYPES.map((type) => [type, normalizeAnswer(type, answer)])) as Record<QuestionType, string[]>
  const saved = await repo.saveAnswer({ attemptId, studentId, position, answers })
  if (saved) return { position: saved.position, savedAt: saved.savedAt.toISOString() }
  // Refused: say why.
  const attempt = await repo.attempt({ id: attemptId })
  if (!attempt || attempt.studentId !== studentId) throw createAttemptNotFoundError()
  if (attempt.status !== AttemptStatus.open || attempt.endsAt.getTime() <= (await repo.dbNow()).getTime()) throw createAttemptEndedError()
  const rows = await repo.questionsOf({ attemptId })
  if (!rows.some((q) => q.position === position)) throw createQuestionNotFoundError()
  throw createAnswerFormatError()
}

/** 交卷 (or 放弃作答): closes the attempt and answers its result; a second call at once answers the same result. */
export async function submitAttempt({
  db,
  studentId,
  attemptId,
  reason,
  onPassed,
}: {
  db: Executor
  studentId: number
  attemptId: number
  reason: typeof AttemptClose.submitted | typeof AttemptClose.abandoned
  onPassed: OnExamPassed
}) {
  const repo = createExamsRepository({ db })
  const found = await repo.attempt({ id: attemptId })
  if (!found || found.studentId !== studentId) throw createAttemptNotFoundError()
  await db.transaction((tx) => closeAttempt({ tx, attemptId, reason, onPassed }))
  return attemptResult({ db, attempt: (await repo.attempt({ id: attemptId }))! })
}

/** The student's closed attempts, newest first. */
export async function studentScores({
  db,
  studentId,
  courseId,
  onPassed,
}: {
  db: Executor
  studentId: number
  courseId?: number
  onPassed: OnExamPassed
}) {
  await settleStudent({ db, studentId, onPassed })
  const rows = await createExamsRepository({ db }).closedAttempts({ studentId, courseId })
  return rows.map((r) => ({
    attemptId: r.attempt.id,
    paperId: r.attempt.paperId,
    paperTitle: r.paperTitle,
    courseTitle: r.courseTitle,
    use: r.use,
    number: r.attempt.number,
    closedAt: iso(r.attempt.closedAt),
    score: r.attempt.score,
    totalScore: r.attempt.totalScore,
    status: r.attempt.status,
  }))
}

/**
 * Marking: scores 简答题 (0..their score); a question marked below full goes in the wrong-answer
 * book. When nothing is left to mark, the attempt is 已完成 with its final score and the student
 * gets a 成绩公布 message, all in the caller's transaction.
 */
export async function markAttempt({
  tx,
  attempt,
  marks,
  adminId,
  onPassed,
}: {
  tx: Executor
  attempt: AttemptRow
  marks: Array<{ position: number; earned: number; comment?: string }>
  adminId: number
  onPassed: OnExamPassed
}) {
  const repo = createExamsRepository({ db: tx })
  const paper = (await repo.paper({ id: attempt.paperId }))!
  const byPosition = new Map((await repo.questionsOf({ attemptId: attempt.id })).map((q) => [q.position, q]))
  const below: WrongItem[] = []
  for (const m of marks) {
    const q = byPosition.get(m.position)!
    await repo.markQuestion({ attemptId: attempt.id, position: m.position, earned: m.earned, comment: m.comment ?? null })
    if (m.earned < q.score) below.push({ questionId: q.questionId, courseId: paper.paper.courseId, type: q.type })
  }
  const rows = await repo.questionsOf({ attemptId: attempt.id })
  const pending = rows.filter((q) => q.earned === null).length
  const subjective = rows.filter((q) => !isObjective(q.type)).reduce((s, q) => s + (q.earned ?? 0), 0)
  const done = pending === 0
  const updated = await repo.updateAttempt({
    id: attempt.id,
    values: {
      pendingMarks: pending,
      subjectiveScore: done ? subjective : null,
      score: done ? (attempt.objectiveScore ?? 0) + subjective : null,
      status: done ? AttemptStatus.done : AttemptStatus.marking,
      markedBy: adminId,
      markedAt: done ? new Date() : attempt.markedAt,
    },
  })
  await feedWrongBook(tx, { studentId: attempt.studentId, items: below })
  if (done) await earnIfPassed(tx, { studentId: attempt.studentId, paper: paper.paper, score: updated.score!, at: new Date(), onPassed })
  if (done)
    await recordExamMarked({
      tx,
      attempt: { id: attempt.id, paperTitle: paper.paper.title, score: updated.score!, totalScore: updated.totalScore },
      recipients: repo.recipient({ studentId: attempt.studentId }),
    })
  return updated
}

/** The student's final scores of a course's papers (已完成 with a score), oldest first: the study report's exams. */
export async function finalScoresOf({ db, studentId, courseId }: { db: Executor; studentId: number; courseId: number }) {
  return createExamsRepository({ db }).closedAttempts({ studentId, courseId, finalOnly: true })
}

/** The published exams of these courses with each student's best final score: the graduation audit's 考试通过. */
export async function examResultsOf({ db, studentIds, courseIds }: { db: Executor; studentIds: number[]; courseIds: number[] }) {
  return createExamsRepository({ db }).examResults({ studentIds, courseIds })
}

/** Whether the course has papers (their foreign key keeps it): a course is removed only without. */
export async function courseHasPapers({ db, courseId }: { db: Executor; courseId: number }): Promise<boolean> {
  return createExamsRepository({ db }).courseHasPapers({ courseId })
}
