// The textbooks module's face (教材邮寄): what other modules may use.
export { textbooksRoutes } from './textbooks.routes.ts'
export { seedTextbooksDemo } from './textbooks.seed.ts'
export { textbookRecordsView } from './textbooks.views.ts'
