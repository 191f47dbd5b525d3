import { sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import type { WrongSource } from '../../../wire.ts'
import { wrongQuestions } from './practice.table.ts'

/** A question a student got wrong (or left unanswered). */
export interface WrongItem {
  questionId: number
  courseId: number
  /** QuestionType label. */
  type: string
}

/**
 * Puts wrong and unanswered questions in a student's wrong-answer book, in the caller's
 * transaction (an exercise answer, an attempt's closing): a new entry, or the existing one's
 * wrong count + 1 and streak 0, back in the book if it was mastered or removed. One statement.
 */
export async function collectWrong(
  tx: Executor,
  input: { studentId: number; source: WrongSource; items: readonly WrongItem[]; at?: Date },
): Promise<void> {
  if (input.items.length === 0) return
  const at = input.at ?? new Date()
  await tx
    .insert(wrongQuestions)
    .values(
      input.items.map((item) => ({
        studentId: input.studentId,
        questionId: item.questionId,
        courseId: item.courseId,
        type: item.type,
        source: input.source,
        wrongCount: 1,
        streak: 0,
        lastWrongAt: at,
        addedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [wrongQuestions.studentId, wrongQuestions.questionId],
      set: {
        wrongCount: sql`${wrongQuestions.wrongCount} + 1`,
        streak: 0,
        source: sql`excluded.source`,
        lastWrongAt: sql`excluded.last_wrong_at`,
        masteredAt: null,
        removedAt: null,
      },
    })
}
