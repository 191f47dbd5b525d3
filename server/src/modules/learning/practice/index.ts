// The practice module's face (章节练习, 错题本): what other modules may use.
//
// - collectWrong(tx, { studentId, source, items }): wrong and unanswered questions into the book, in the caller's transaction.
// Right and wrong are @activity/domain's answer rule (judgeAnswer), the exams' too.
export { collectWrong, type WrongItem } from './practice.wrong.ts'

export { practiceRoutes } from './practice.routes.ts'
export { exerciseAnswersView, wrongQuestionsView } from './practice.views.ts'
