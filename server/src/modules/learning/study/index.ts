// The study module's face: what other modules may use (they import nothing else from here).
export { sendLiveReminders } from './study.reminders.ts'
export { studyReportsRoutes } from './study.reports.routes.ts'
export { studyRoutes } from './study.routes.ts'
export { liveAttendance, sectionProgress, studyClocks, studyDays } from './study.table.ts'
