import { beijingDate, shiftDate as addDays } from '@activity/domain'
import type { Executor } from '../../../db/types.ts'
import { AttendanceStatus, AttendanceWay } from '../../../wire.ts'
import type { Actor } from '../../platform/index.ts'
import { createAttendanceRepository } from './attendance.repository.ts'
import { planSessions, sweepEndedSessions, weekdayOf, weekOf } from './attendance.service.ts'

const hhmm = (d: Date) => new Date(d.getTime() + 8 * 3600000).toISOString().slice(11, 16)

/** The demo's face-to-face courses. */
export const ATTENDANCE_DEMO = { weekly: '管理学原理', now: '经济法概论' }

/**
 * Attendance demo of a class (林小雨's): 管理学原理 every week on the weekday of her approved leave
 * (5 days ago), 19:00-21:00, three weeks back and three ahead, taught by its head teacher; and
 * 经济法概论 today, started 5 minutes ago (open for check-in now). Of the three held: 林小雨 came
 * (出勤), came late (迟到) and was on leave (请假, by the rule); the other student came to none
 * (缺勤 ×3: at risk, and warned by the sweep).
 */
export async function seedAttendanceDemo({
  db,
  classId,
  teacherId,
  studentId,
  office,
  now = new Date(),
}: {
  db: Executor
  classId: number
  teacherId: number
  studentId: number
  office: Actor
  now?: Date
}) {
  const leaveDay = addDays(beijingDate(now), -5)
  await planSessions({
    db,
    input: {
      classId,
      course: ATTENDANCE_DEMO.weekly,
      teacherId,
      startTime: '19:00',
      endTime: '21:00',
      firstDate: addDays(leaveDay, -14),
      lastDate: addDays(leaveDay, 21),
      weekdays: [weekdayOf(leaveDay)],
      place: '教学楼A201',
      onlineUrl: '',
    },
    actor: office,
  })
  const start = new Date(Math.floor(now.getTime() / 60000) * 60000 - 5 * 60000)
  const end = new Date(start.getTime() + 120 * 60000)
  const today = beijingDate(start)
  await planSessions({
    db,
    input: {
      classId,
      course: ATTENDANCE_DEMO.now,
      teacherId,
      startTime: hhmm(start),
      // A session crossing midnight ends at 23:59 (a session is within a day).
      endTime: beijingDate(end) === today ? hhmm(end) : '23:59',
      firstDate: today,
      lastDate: undefined,
      weekdays: [],
      place: '教学楼B305',
      onlineUrl: '',
    },
    actor: office,
  })
  const repo = createAttendanceRepository({ db })
  const held = (
    await repo.sessionsBetween({
      classId,
      from: new Date(Date.parse(`${weekOf(addDays(leaveDay, -14)).start}T00:00:00+08:00`)),
      until: now,
    })
  )
    .map((r) => r.session)
    .filter((s) => s.endsAt <= now && s.course === ATTENDANCE_DEMO.weekly)
  const marks = [AttendanceStatus.present, AttendanceStatus.late]
  await repo.upsertRecords(
    held.slice(0, 2).map((s, i) => ({
      sessionId: s.id,
      studentId,
      status: marks[i]!,
      way: AttendanceWay.scan,
      checkedInAt: new Date(s.startsAt.getTime() + (i === 0 ? -3 : 12) * 60000),
      createdAt: s.startsAt,
      updatedAt: s.startsAt,
    })),
  )
  await sweepEndedSessions({ db, now })
}
