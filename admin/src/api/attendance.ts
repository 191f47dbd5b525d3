/**
 * 课表与考勤 (`/api/zms/attendance`): the face-to-face timetable (排课 one-off or weekly, 修改, 取消
 * with a reason, import), the room screen's rotating code, the roll call, and the figures (a class's
 * grid and its export, statistics by student, class, course or teacher, the at-risk list). An
 * operator without 课表与考勤 · 查看全部 gets the sessions they teach and their classes' only.
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { get, post, put, upload } from './client'

const base = '/api/zms/attendance'

/** A session with its phase and its students' counts (出勤, 迟到, 请假, 缺勤, 未签到). */
export type SessionRow = ApiItem<'/api/zms/attendance/attendanceCourse/list', 'get'>
export type SessionQuery = ApiQueryText<'/api/zms/attendance/attendanceCourse/list', 'get'>
/** The pickers: teachers, classes, the courses planned so far. */
export type TimetableOptions = ApiData<'/api/zms/attendance/attendanceCourse/options', 'get'>
/** 排课: one date (no lastDate), or weekly on `weekdays` (1 = Monday) from firstDate to lastDate. */
export type PlanInput = ApiBody<'/api/zms/attendance/attendanceCourse/save', 'post'>
/** How many sessions were made, and the dates left out as holidays. */
export type PlanResult = ApiData<'/api/zms/attendance/attendanceCourse/save', 'post'>
export type SessionUpdate = ApiBody<'/api/zms/attendance/attendanceCourse/update', 'put'>
export type Session = ApiData<'/api/zms/attendance/attendanceCourse/update', 'put'>
export type SessionImportReport = ApiData<'/api/zms/attendance/attendanceCourse/import', 'post'>
/** The room screen's code now, the address its QR code carries, when it changes, and the counts. */
export type SessionScreenCode = ApiData<'/api/zms/attendance/attendance/open', 'get'>
/** A session's students with their status, and whether this operator may mark them now. */
export type Roster = ApiData<'/api/zms/attendance/attendanceRecord/list', 'get'>
export type RosterRow = Roster['rows'][number]
export type RollCallInput = ApiBody<'/api/zms/attendance/attendanceRecord/changeStatus', 'put'>
/** A class's students by its sessions, each cell a status (null: not yet). */
export type Board = ApiData<'/api/zms/attendance/attendanceRecord/board', 'get'>
export type BoardQuery = ApiQueryText<'/api/zms/attendance/attendanceRecord/board', 'get'>
export type Statistics = ApiData<'/api/zms/attendance/attendanceRecord/statistics', 'get'>
export type StatisticsRow = Statistics['rows'][number]
export type StatisticsQuery = ApiQueryText<'/api/zms/attendance/attendanceRecord/statistics', 'get'>
export type AtRisk = ApiData<'/api/zms/attendance/attendanceRecord/atRisk', 'get'>
export type AtRiskRow = AtRisk['rows'][number]

export const ATTENDANCE_EXPORT_PATH = `${base}/attendanceRecord/exports`

export const attendanceApi = {
  sessions: (query: SessionQuery) => get<Page<SessionRow>>(`${base}/attendanceCourse/list`, query),
  options: () => get<TimetableOptions>(`${base}/attendanceCourse/options`),
  plan: (input: PlanInput) => post<PlanResult>(`${base}/attendanceCourse/save`, input, { quiet: true }),
  update: (input: SessionUpdate) => put<Session>(`${base}/attendanceCourse/update`, input, { quiet: true }),
  cancel: (input: { id: number; reason: string }) => put<Session>(`${base}/attendanceCourse/cancel`, input, { quiet: true }),
  importTemplatePath: `${base}/attendanceCourse/template`,
  /** 课表 by spreadsheet: all or nothing, every refused row reported. */
  import: (file: Blob) => upload<SessionImportReport>(`${base}/attendanceCourse/import`, file, { quiet: true }),
  /** Quiet: the screen asks every 30 seconds and says itself when it cannot reach the server. */
  screenCode: (id: number) => get<SessionScreenCode>(`${base}/attendance/open`, { id }, { quiet: true }),
  roster: (sessionId: number) => get<Roster>(`${base}/attendanceRecord/list`, { sessionId }),
  rollCall: (input: RollCallInput) => put<Roster>(`${base}/attendanceRecord/changeStatus`, input),
  board: (query: BoardQuery) => get<Board>(`${base}/attendanceRecord/board`, query),
  statistics: (query: StatisticsQuery) => get<Statistics>(`${base}/attendanceRecord/statistics`, query),
  atRisk: () => get<AtRisk>(`${base}/attendanceRecord/atRisk`),
}
