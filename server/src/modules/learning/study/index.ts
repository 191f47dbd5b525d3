// The study module's face: what other modules may use (they import nothing else from here).
export { sendLiveReminders } from './study.reminders.ts'
export { studyRoutes } from './study.routes.ts'
export { type OnStudied, sectionsWithProgress } from './study.service.ts'
// The office's study reports (the study-report module shows them): per course, its export's lines, per student.
export { type CourseReportRow, courseReport, courseReportRows, reportCourse, studentReport, toCourseReportItem } from './study.reports.ts'
export { myCourseSchema } from './study.schemas.ts'

export { sectionProgressView, studyDaysView } from './study.views.ts'
