// The question bank's face (题库): what other modules may use.
export { questions, type QuestionOption } from './question-bank.table.ts'
