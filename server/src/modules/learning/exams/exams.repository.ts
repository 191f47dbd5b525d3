import type { Executor } from '../../../db/types.ts'
import { createAttemptsRepository } from './exams.attempts.repository.ts'
import { createExamsOfficeRepository } from './exams.office.repository.ts'
import { createPapersRepository } from './exams.papers.repository.ts'
import type { attemptQuestions, examAttempts, papers } from './exams.table.ts'

export type PaperRow = typeof papers.$inferSelect
export type AttemptRow = typeof examAttempts.$inferSelect
export type AttemptQuestionRow = typeof attemptQuestions.$inferSelect

/** The exams module's queries, one file per concern (papers, attempts, the office's side). */
export function createExamsRepository({ db }: { db: Executor }) {
  return { ...createPapersRepository({ db }), ...createAttemptsRepository({ db }), ...createExamsOfficeRepository({ db }) }
}
export type ExamsRepository = ReturnType<typeof createExamsRepository>
