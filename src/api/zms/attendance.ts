import type { ApiBody, ApiData, ApiQuery } from '@activity/api-types'
import { call, defineFamily } from '../define'

// Face-to-face sessions (面授) and attendance: the student's week and scan, 补卡, the teacher's week,
// room screen and roll call, and the head teacher's at-risk list. Times are ISO text, dates
// YYYY-MM-DD (Beijing). The types are the back-office's own (@activity/api-types).

/** The student's 课表 week: Monday to Sunday, each session with their own status and 补卡. */
export type StudentWeek = ApiData<'/api/zms/attendance/attendanceCourse/listForClient', 'get'>
/** One session of the student's week. */
export type StudentSession = StudentWeek['sessions'][number]
/** A week's query: any date of it (today's week when none). */
export type WeekQuery = ApiQuery<'/api/zms/attendance/attendanceCourse/listForClient', 'get'>
/** 扫码签到: the session and the code the QR code carried; a location when the student allows it. */
export type PunchPayload = ApiBody<'/api/zms/attendance/attendanceRecord/punchCourse', 'post'>
/** A scan's answer: 出勤 or 迟到; `again` when it was recorded before. */
export type PunchResult = ApiData<'/api/zms/attendance/attendanceRecord/punchCourse', 'post'>
/** 补卡: the session and the reason. */
export type MakeUpPayload = ApiBody<'/api/zms/attendance/abnormalPunching', 'post'>
export type MakeUpResult = ApiData<'/api/zms/attendance/abnormalPunching', 'post'>

/** The operator's week (the sessions they teach and their classes'), with the students' counts. */
export type TeacherWeek = ApiData<'/api/zms/attendance/attendance/lists', 'get'>
export type TeacherSession = TeacherWeek['sessions'][number]
/** The room screen: the code now, the QR code's address, when it changes, the counts. */
export type SessionScreen = ApiData<'/api/zms/attendance/attendance/open', 'get'>
/** A session's roll-call sheet: its students with their status; `canMark`. */
export type SessionRoster = ApiData<'/api/zms/attendance/attendanceRecord/list', 'get'>
export type RosterRow = SessionRoster['rows'][number]
/** 点名: students (or `all`) and the status they get. */
export type RollCallPayload = ApiBody<'/api/zms/attendance/attendanceRecord/changeStatus', 'put'>
/** The students at risk (absence rate past the threshold), with the rule. */
export type AtRisk = ApiData<'/api/zms/attendance/attendanceRecord/atRisk', 'get'>

/** /api/zms/attendance: attendance, courses, punching and records, workforce. */
export const attendance = defineFamily('/api/zms/attendance', {
  abnormalPunching: { path: '', base: false, actions: { abnormalPunching: call<MakeUpPayload, MakeUpResult>('POST') } },
  attendance: {
    actions: {
      open: call<ApiQuery<'/api/zms/attendance/attendance/open', 'get'>, SessionScreen>('GET'),
      openSiteCourse: 'PUT',
      lists: call<WeekQuery, TeacherWeek>('GET'),
    },
  },
  attendanceCourse: { actions: { listForClient: call<WeekQuery, StudentWeek>('GET') } },
  attendanceRecord: {
    base: { list: call<ApiQuery<'/api/zms/attendance/attendanceRecord/list', 'get'>, SessionRoster>() },
    actions: {
      punchCourse: call<PunchPayload, PunchResult>('POST'),
      punchDormitory: 'POST',
      withdraw: 'PUT',
      changeStatus: call<RollCallPayload, SessionRoster>('PUT'),
      changeType: 'PUT',
      statistics: 'GET',
      exports: true,
      atRisk: call<Record<string, never>, AtRisk>('GET'),
    },
  },
  attendanceWorkforce: {},
})
