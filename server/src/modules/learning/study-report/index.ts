// The study reports' face (学习报告): the student's report of a joined course and the office's study
// reports (per course, its export, per student). It reads across courses, the question bank,
// practice, exams and study, so it sits above them; modules/index.ts registers its routes.
export { studyReportRoutes, studyReportsRoutes } from './study-report.routes.ts'
