// The question bank's face (题库): what other modules may use (they import nothing else from here).
//
// - questions (the table) and QuestionOption, for joins (practice, exams).
// - addQuestions({ db, courseId, questions: QuestionInput[] }): questions checked by their type's rules, inserted
//   (the demo seed; other modules' tests make their banks with it).
// - checkContent / JUDGE_OPTIONS / OPTION_KEYS: the bank's rules for a question's options and answer.
// - seedQuestionBankDemo({ db }): the demo bank, after the demo courses (idempotent).
export { type QuestionOption } from './question-bank.table.ts'
export { questionBankRoutes } from './question-bank.routes.ts'
export { addQuestions, courseHasQuestions, type QuestionInput } from './question-bank.service.ts'
export { checkContent, JUDGE_OPTIONS, OPTION_KEYS } from './question-bank.rules.ts'
export { seedQuestionBankDemo } from './question-bank.seed.ts'
export { questionsView } from './question-bank.views.ts'
export type { QuestionRow, UsedInPapers } from './question-bank.repository.ts'
