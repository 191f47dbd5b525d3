// The attendance module's face (课表与考勤): face-to-face sessions, check-in, roll call, statistics and warnings.
export { attendanceRoutes } from './attendance.routes.ts'
export { makeUpApprovalKind, sweepEndedSessions } from './attendance.service.ts'
export { seedAttendanceDemo } from './attendance.seed.ts'
// Night classes keep their rules and store their check-ins here (a night class is a session).
export {
  moveNightSession,
  nightAttendanceView,
  type NightAttendanceRow,
  openNightSession,
  recordNightAttendance,
  removeNightAttendance,
} from './attendance.night.ts'
