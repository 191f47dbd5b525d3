// The practice module's face (章节练习, 错题本): what other modules may use.
export { collectWrong, type WrongItem } from './practice.wrong.ts'
export { exerciseAnswers, wrongQuestions } from './practice.table.ts'
