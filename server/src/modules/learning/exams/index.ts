// The exams module's face (试卷, 考试, 阅卷): what other modules may use.
// - examsRoutes (the student's calls), examsAdminRoutes (the office's papers, attempts and marking);
// - closeOverdueAttempts({ db }): the overdue job's run (startup.ts schedules it every 15 s);
// - seedExamsDemo({ db }): the demo papers, after the question bank's demo;
// - withheldQuestions({ db, studentId, questionIds }): which of these questions' answers, analyses and
//   verdicts the student may not see now (an open attempt or an exam they can still sit holds them):
//   the one place every module that shows answers asks (practice is given it by modules/index.ts).
export { examsAdminRoutes } from './exams.admin.routes.ts'
export { papersToMark } from './exams.admin.ts'
export { examsRoutes } from './exams.routes.ts'
export { closeOverdueAttempts, courseHasPapers, examResultsOf, finalScoresOf, type OnExamPassed } from './exams.service.ts'
export { seedExamsDemo } from './exams.seed.ts'
export { type WithheldQuestions, withheldQuestions } from './exams.withheld.ts'
export { type QuestionSnapshot } from './exams.table.ts'
export { paperQuestionsView, papersView } from './exams.views.ts'
export { usedInPapers } from './exams.columns.ts'
