// The questions-to-teachers module's face (答疑): what other modules may use.
export { studentQuestionsRoutes } from './student-questions.routes.ts'
export { questionsWaiting, WAITING_QUESTIONS } from './student-questions.service.ts'

export { seedStudentQuestionsDemo } from './student-questions.seed.ts'
