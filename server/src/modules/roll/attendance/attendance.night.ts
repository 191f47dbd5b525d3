import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Executor } from '../../../db/types.ts'
import { AttendanceStatus } from '../../../wire.ts'
import { slotsOf } from './attendance.service.ts'
import { attendanceRecords, attendanceSessions } from './attendance.table.ts'

/**
 * Night classes (夜校) on this module: each night class is a session (`night_class_id`) and its
 * check-ins are that session's records (出勤, by scan or marked by the office). The night module keeps
 * its own rules (who may check in, when, with which code) and calls these; it reads the records
 * through the view, as it read its own table before.
 */

/**
 * A night class's attendance as the night module reads it: id, classId (the night class), studentId,
 * way, adminId, checkedInAt (always set for a night class's records).
 */
export const nightAttendanceView = new QueryBuilder()
  .select({
    id: attendanceRecords.id,
    classId: attendanceSessions.nightClassId,
    studentId: attendanceRecords.studentId,
    way: attendanceRecords.way,
    adminId: attendanceRecords.markedById,
    checkedInAt: attendanceRecords.checkedInAt,
  })
  .from(attendanceRecords)
  .innerJoin(attendanceSessions, eq(attendanceSessions.id, attendanceRecords.sessionId))
  .where(isNotNull(attendanceSessions.nightClassId))
  .as('night_attendance')

export type NightAttendanceRow = { id: number; classId: number; studentId: number; way: string; adminId: number | null; checkedInAt: Date }

interface NightClassTimes {
  id: number
  subject: string
  teacher: string
  startsAt: Date
  endsAt: Date
  place: string
  checkInSecret: string
}

const sessionValues = (c: NightClassTimes) => ({
  course: c.subject,
  teacherName: c.teacher,
  startsAt: c.startsAt,
  endsAt: c.endsAt,
  ...slotsOf(c.startsAt, c.endsAt),
  place: c.place,
  checkInSecret: c.checkInSecret,
})

/** The session of a new night class (in the transaction that creates it). */
export async function openNightSession({ db, nightClass }: { db: Executor; nightClass: NightClassTimes }) {
  // Looked at by the warnings sweep already: a night class has no class to warn.
  await db.insert(attendanceSessions).values({ nightClassId: nightClass.id, ...sessionValues(nightClass), sweptAt: new Date() })
}

/** A night class changed: its session follows. */
export async function moveNightSession({ db, nightClass }: { db: Executor; nightClass: NightClassTimes }) {
  await db
    .update(attendanceSessions)
    .set({ ...sessionValues(nightClass), updatedAt: new Date() })
    .where(eq(attendanceSessions.nightClassId, nightClass.id))
}

const sessionOf = (nightClassId: number) =>
  sql`(select ${attendanceSessions.id} from ${attendanceSessions} where ${attendanceSessions.nightClassId} = ${nightClassId})`

/** Records a student's check-in unless there is one already (a second scan keeps the first); undefined then. */
export async function recordNightAttendance({
  db,
  nightClassId,
  studentId,
  way,
  adminId = null,
  checkedInAt,
}: {
  db: Executor
  nightClassId: number
  studentId: number
  way: string
  adminId?: number | null
  checkedInAt: Date
}): Promise<NightAttendanceRow | undefined> {
  const [row] = await db
    .insert(attendanceRecords)
    .values({
      sessionId: sessionOf(nightClassId),
      studentId,
      status: AttendanceStatus.present,
      way,
      checkedInAt,
      markedById: adminId,
      createdAt: checkedInAt,
      updatedAt: checkedInAt,
    })
    .onConflictDoNothing()
    .returning()
  return row
    ? { id: row.id, classId: nightClassId, studentId, way: row.way, adminId: row.markedById, checkedInAt: row.checkedInAt! }
    : undefined
}

/** Takes a student's check-in at a night class away (the office's 取消出勤). */
export async function removeNightAttendance({ db, nightClassId, studentId }: { db: Executor; nightClassId: number; studentId: number }) {
  await db
    .delete(attendanceRecords)
    .where(and(eq(attendanceRecords.sessionId, sessionOf(nightClassId)), eq(attendanceRecords.studentId, studentId)))
}
