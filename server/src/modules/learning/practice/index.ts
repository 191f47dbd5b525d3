// The practice module's face (章节练习, 错题本): what other modules may use.
//
// - collectWrong(tx, { studentId, source, items }): wrong and unanswered questions into the book, in the caller's transaction.
// - isCorrect(type, rightAnswer, response): right/wrong of a response (the contract's rule; 简答题 null).
export { collectWrong, type WrongItem } from './practice.wrong.ts'
export { exerciseAnswers, wrongQuestions } from './practice.table.ts'
export { practiceRoutes } from './practice.routes.ts'
export { isCorrect } from './practice.rules.ts'
