/**
 * 阅卷's rules (pure; marking.test.ts): which questions a teacher marks (简答题), the marks typed
 * so far checked against each question's score (whole points, 0..score), and the score they make.
 */
import { QuestionType } from '@activity/wire'
import type { AttemptQuestion, MarkInput } from '../../api/exams'

/** A mark as typed: points (empty while not given) and a comment. */
export type MarkEntry = { earned?: number | null; comment?: string }

export function isMarked(question: Pick<AttemptQuestion, 'type'>): boolean {
  return question.type === QuestionType.short
}

/** The marks the form starts from: each 简答题's mark and comment as saved. */
export function markEntries(questions: readonly AttemptQuestion[]): Record<number, MarkEntry> {
  const entries: Record<number, MarkEntry> = {}
  for (const q of questions) if (isMarked(q)) entries[q.position] = { earned: q.earned, comment: q.comment ?? '' }
  return entries
}

/**
 * The marks to send: every 简答题 given points, with its comment. Throws the first problem: no
 * mark given, or points not whole or out of 0..score. Unmarked ones stay 待阅卷 (`left`).
 */
export function marksBody(
  questions: readonly AttemptQuestion[],
  entries: Readonly<Record<number, MarkEntry>>,
): { marks: MarkInput[]; left: number } {
  const marks: MarkInput[] = []
  let left = 0
  for (const q of questions) {
    if (!isMarked(q)) continue
    const entry = entries[q.position]
    const earned = entry?.earned
    if (earned === undefined || earned === null || Number.isNaN(earned)) {
      left += 1
      continue
    }
    if (!Number.isInteger(earned) || earned < 0 || earned > q.score) throw new Error(`第${q.position}题的得分须为0到${q.score}的整数`)
    const comment = entry?.comment?.trim()
    marks.push({ position: q.position, earned, ...(comment ? { comment } : {}) })
  }
  if (marks.length === 0) throw new Error('请至少给一道简答题评分')
  return { marks, left }
}

/** The attempt's score with the marks typed so far: objective points plus the given marks. */
export function scoreWith(questions: readonly AttemptQuestion[], entries: Readonly<Record<number, MarkEntry>>): number {
  let total = 0
  for (const q of questions) {
    const earned = isMarked(q) ? (entries[q.position]?.earned ?? q.earned) : q.earned
    if (typeof earned === 'number' && Number.isFinite(earned)) total += earned
  }
  return total
}
