// The questions-to-teachers module's face (答疑): what other modules may use.
export { studentQuestionsRoutes } from './student-questions.routes.ts'
export { studentQuestionPosts, studentQuestions } from './student-questions.table.ts'
export { seedStudentQuestionsDemo } from './student-questions.seed.ts'
