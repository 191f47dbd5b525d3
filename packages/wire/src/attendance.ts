/**
 * The enumerations of attendance (night classes and face-to-face sessions), in a module of their
 * own: only the pages that take attendance load them (the H5 entry's shared chunk carries enums.ts).
 */
import { values } from './values'

/** A night-class sign-up: 已报名, or 已取消 (by the student before the class starts, or by the office). */
export const NightSignUpStatus = { signedUp: '已报名', cancelled: '已取消' } as const
export type NightSignUpStatus = (typeof NightSignUpStatus)[keyof typeof NightSignUpStatus]
export const NIGHT_SIGN_UP_STATUSES = /*#__PURE__*/ values(NightSignUpStatus)

/** How an attendance was recorded: the student scanned the class's QR code, or a teacher marked it. */
export const AttendanceWay = { scan: '扫码签到', office: '老师标记', makeUp: '补卡' } as const
export type AttendanceWay = (typeof AttendanceWay)[keyof typeof AttendanceWay]
export const ATTENDANCE_WAYS = /*#__PURE__*/ values(AttendanceWay)
/**
 * A student's attendance at a face-to-face session (面授): 出勤 or 迟到 from the server's clock at the
 * scan; 请假 when an approved leave holds the session; 缺勤 when the session ended without either.
 */
export const AttendanceStatus = { present: '出勤', late: '迟到', leave: '请假', absent: '缺勤' } as const
export type AttendanceStatus = (typeof AttendanceStatus)[keyof typeof AttendanceStatus]
export const ATTENDANCE_STATUSES = /*#__PURE__*/ values(AttendanceStatus)
/** Where a face-to-face session stands for its students: cancelled, not yet open, open for check-in, running, over. */
export const SessionPhase = { cancelled: '已取消', upcoming: '未开始', checkIn: '签到中', running: '上课中', ended: '已结束' } as const
export type SessionPhase = (typeof SessionPhase)[keyof typeof SessionPhase]
export const SESSION_PHASES = /*#__PURE__*/ values(SessionPhase)
/** The rotating code of a face-to-face session's room screen changes every this many seconds (good in its window and the next). */
export const ATTENDANCE_CODE_SECONDS = 30
/** Check-in opens this many minutes before a night class starts, and closes when it ends. */
export const NIGHT_CHECK_IN_OPENS_MINUTES = 30
/** The room's screen shows a new check-in code every this many seconds; a code is good in its window and the next. */
export const NIGHT_CHECK_IN_CODE_SECONDS = 30
