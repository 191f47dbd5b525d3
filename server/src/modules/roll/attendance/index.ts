// The attendance module's face (课表与考勤): face-to-face sessions, check-in, roll call, statistics and warnings.
export { attendanceRoutes } from './attendance.routes.ts'
export { makeUpApprovalKind, sweepEndedSessions } from './attendance.service.ts'
export { seedAttendanceDemo } from './attendance.seed.ts'
