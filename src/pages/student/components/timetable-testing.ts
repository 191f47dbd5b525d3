import type { PunchResult, StudentSession, StudentWeek } from '../../../api/zms/attendance'
import { mondayOf, shiftDate } from './timetable'

/** Test-only: 我的课表's server answers. The server's today is Wednesday 2 December 2026 (its week: 30 Nov to 6 Dec). */
export const TODAY = '2026-12-02'
export const THIS_MONDAY = '2026-11-30'

export const WEEK = 'GET /api/zms/attendance/attendanceCourse/listForClient'
export const PUNCH = 'POST /api/zms/attendance/attendanceRecord/punchCourse'
export const MAKE_UP = 'POST /api/zms/attendance/abnormalPunching'

/** A session of class 会计1班, ended, with no record of mine. */
export function sessionOf(over: Partial<StudentSession> & Pick<StudentSession, 'id' | 'date'>): StudentSession {
  const startTime = over.startTime ?? '08:30'
  const endTime = over.endTime ?? '10:00'
  return {
    classId: 4,
    className: '会计1班',
    course: '会计基础',
    teacherId: 11,
    teacherName: '王老师',
    startTime,
    endTime,
    // Beijing wall time as the ISO instant the server sends.
    startsAt: new Date(Date.parse(`${over.date}T${startTime}:00+08:00`)).toISOString(),
    endsAt: new Date(Date.parse(`${over.date}T${endTime}:00+08:00`)).toISOString(),
    checkInOpensAt: new Date(Date.parse(`${over.date}T${startTime}:00+08:00`) - 15 * 60_000).toISOString(),
    lateAt: new Date(Date.parse(`${over.date}T${startTime}:00+08:00`) + 10 * 60_000).toISOString(),
    place: '教学楼 301',
    onlineUrl: '',
    phase: '已结束',
    cancelReason: null,
    planKey: null,
    status: null,
    way: null,
    checkedInAt: null,
    checkInOpen: false,
    makeUp: null,
    canMakeUp: false,
    ...over,
  }
}

/** This week: one of each status, today a late one, an online one open for check-in and a cancelled one. */
export function thisWeek(): StudentSession[] {
  return [
    sessionOf({
      id: 1,
      date: THIS_MONDAY,
      status: '出勤',
      way: '扫码签到',
      checkedInAt: '2026-11-30T00:27:00.000Z',
    }),
    sessionOf({
      id: 2,
      date: '2026-12-01',
      course: '经济法',
      teacherName: '李老师',
      startTime: '14:00',
      endTime: '15:30',
      status: '缺勤',
      canMakeUp: true,
    }),
    sessionOf({ id: 3, date: TODAY, course: '管理学', status: '迟到', way: '扫码签到', checkedInAt: '2026-12-02T00:43:00.000Z' }),
    sessionOf({
      id: 4,
      date: TODAY,
      course: '高等数学',
      startTime: '14:00',
      endTime: '15:30',
      place: '',
      onlineUrl: 'https://meeting.example.com/8812',
      phase: '签到中',
      checkInOpen: true,
    }),
    sessionOf({
      id: 5,
      date: TODAY,
      course: '大学英语',
      startTime: '19:00',
      endTime: '20:30',
      phase: '已取消',
      cancelReason: '老师出差，改期另行通知',
    }),
    sessionOf({ id: 6, date: '2026-12-03', course: '统计学', phase: '未开始', status: '请假' }),
    sessionOf({ id: 7, date: '2026-12-04', course: '市场营销', phase: '未开始' }),
  ]
}

/** The week holding `date` (a request's query value; today's when none): this week's sessions, or the given ones for another. */
export function weekOf(date: string | string[] | undefined, sessions: (monday: string) => StudentSession[] = () => []): StudentWeek {
  const monday = mondayOf(typeof date === 'string' ? date : TODAY)
  return {
    weekStart: monday,
    weekEnd: shiftDate(monday, 6),
    today: TODAY,
    sessions: monday === THIS_MONDAY ? thisWeek() : sessions(monday),
  }
}

export function punchedOf(over: Partial<PunchResult> = {}): PunchResult {
  return {
    sessionId: 4,
    course: '高等数学',
    place: '',
    status: '出勤',
    checkedInAt: '2026-12-02T05:52:00.000Z',
    again: false,
    ...over,
  }
}
