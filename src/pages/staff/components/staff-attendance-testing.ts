import type { AtRisk, RosterRow, SessionRoster, SessionScreen, TeacherSession, TeacherWeek } from '../../../api/zms/attendance'

/** Test-only: 课表点名's server answers (a Wednesday, 2026-03-04, Beijing). */
export const WEEK = 'GET /api/zms/attendance/attendance/lists'
export const OPEN = 'GET /api/zms/attendance/attendance/open'
export const ROSTER = 'GET /api/zms/attendance/attendanceRecord/list'
export const ROLL_CALL = 'PUT /api/zms/attendance/attendanceRecord/changeStatus'
export const AT_RISK = 'GET /api/zms/attendance/attendanceRecord/atRisk'

export const TODAY = '2026-03-04'
/** 2026-03-04 08:40 in Beijing: check-in of the 08:30 session is open. */
export const NOW = '2026-03-04T00:40:00.000Z'

export const countsOf = (over: Partial<TeacherSession['counts']> = {}): TeacherSession['counts'] => ({
  total: 3,
  present: 0,
  late: 0,
  leave: 0,
  absent: 0,
  unmarked: 3,
  ...over,
})

export function sessionOf(over: Partial<TeacherSession> = {}): TeacherSession {
  return {
    id: 12,
    classId: 5,
    className: '2026年1期 工商管理（本科）1班',
    course: '管理学原理',
    teacherId: 11,
    teacherName: '王老师',
    date: TODAY,
    startTime: '08:30',
    endTime: '10:00',
    startsAt: '2026-03-04T00:30:00.000Z',
    endsAt: '2026-03-04T02:00:00.000Z',
    place: '教学楼A201',
    onlineUrl: '',
    phase: '签到中',
    cancelReason: null,
    planKey: null,
    checkInOpensAt: '2026-03-04T00:15:00.000Z',
    lateAt: '2026-03-04T00:45:00.000Z',
    counts: countsOf({ present: 1, leave: 1, unmarked: 1 }),
    ...over,
  }
}

export function weekOf(over: Partial<TeacherWeek> = {}): TeacherWeek {
  return {
    weekStart: '2026-03-02',
    weekEnd: '2026-03-08',
    today: TODAY,
    sessions: [
      sessionOf({
        id: 10,
        date: '2026-03-02',
        course: '经济学基础',
        phase: '已结束',
        counts: countsOf({ present: 2, absent: 1, unmarked: 0 }),
      }),
      sessionOf(),
      sessionOf({ id: 14, date: '2026-03-06', startTime: '14:00', endTime: '16:00', phase: '未开始', counts: countsOf() }),
    ],
    ...over,
  }
}

export function rowOf(over: Partial<RosterRow> = {}): RosterRow {
  return {
    studentId: 21,
    name: '林小雨',
    studentNo: 'S2026001',
    phone: '139****0000',
    status: null,
    way: null,
    checkedInAt: null,
    markedByName: null,
    onLeave: false,
    located: false,
    ...over,
  }
}

/** 林小雨 not yet, 陈晓明 scanned in (with a location), 张伟 on leave. */
export function rosterOf(over: Partial<SessionRoster> = {}): SessionRoster {
  const { counts: _counts, ...session } = sessionOf()
  return {
    session,
    counts: countsOf({ present: 1, leave: 1, unmarked: 1 }),
    canMark: true,
    rows: [
      rowOf(),
      rowOf({
        studentId: 22,
        name: '陈晓明',
        studentNo: 'S2026002',
        status: '出勤',
        way: '扫码签到',
        checkedInAt: '2026-03-04T00:38:00.000Z',
        located: true,
      }),
      rowOf({ studentId: 23, name: '张伟', studentNo: 'S2026003', status: '请假', onLeave: true }),
    ],
    ...over,
  }
}

/** The screen at `serverTime`, its code changing at `changesAt`. */
export function screenOf(over: Partial<SessionScreen> = {}): SessionScreen {
  return {
    sessionId: 12,
    course: '管理学原理',
    className: '2026年1期 工商管理（本科）1班',
    place: '教学楼A201',
    code: '042917',
    checkInUrl: 'http://localhost/pages/student/attend?s=12&t=042917',
    periodSeconds: 30,
    serverTime: NOW,
    changesAt: '2026-03-04T00:40:10.000Z',
    checkInOpensAt: '2026-03-04T00:15:00.000Z',
    lateAt: '2026-03-04T00:45:00.000Z',
    endsAt: '2026-03-04T02:00:00.000Z',
    checkInOpen: true,
    counts: countsOf({ present: 1, leave: 1, unmarked: 1 }),
    ...over,
  }
}

export function atRiskOf(over: Partial<AtRisk> = {}): AtRisk {
  return {
    rule: { leaveCounted: false, text: '应出勤 = 已结束的课次 − 请假；出勤率 =（出勤 + 迟到）÷ 应出勤；缺勤率 = 缺勤 ÷ 应出勤' },
    thresholdPercent: 30,
    minSessions: 3,
    rows: [
      {
        studentId: 21,
        name: '林小雨',
        studentNo: 'S2026001',
        className: '2026年1期 工商管理（本科）1班',
        held: 5,
        present: 2,
        late: 0,
        leave: 1,
        absent: 2,
        denominator: 4,
        attendanceRate: 50,
        absenceRate: 50,
        warnedAt: '2026-03-03T02:00:00.000Z',
      },
    ],
    ...over,
  }
}
