import { and, asc, count, desc, eq, gt, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { NightSignUpStatus } from '../../../wire.ts'
import { studentsView } from '../students/index.ts'
import { nightAttendanceView as nightAttendance, type NightAttendanceRow } from '../attendance/index.ts'
import { nightClasses, nightSignUps } from './night.table.ts'
import { containing } from '../../../lib/person-search.ts'
import { dayRange } from '../../../lib/time-range.ts'
import { insertRow, rowById, updateRow } from '../../../db/rows.ts'

export type ClassRow = typeof nightClasses.$inferSelect
export type SignUpRow = typeof nightSignUps.$inferSelect
export type AttendanceRow = NightAttendanceRow

const active = eq(nightSignUps.status, NightSignUpStatus.signedUp)

/** The attendance's columns beside a class (a left join: all null when the student has none). */
const attendanceColumns = {
  id: nightAttendance.id,
  classId: nightAttendance.classId,
  studentId: nightAttendance.studentId,
  way: nightAttendance.way,
  adminId: nightAttendance.adminId,
  checkedInAt: nightAttendance.checkedInAt,
}
/** A row's attendance, null when the left join found none. */
const attended = <R extends { attendance: { id: number | null } | null }>(
  row: R,
): Omit<R, 'attendance'> & { attendance: AttendanceRow | null } => ({
  ...row,
  attendance: row.attendance?.id == null ? null : (row.attendance as unknown as AttendanceRow),
})

export function createNightRepository({ db }: { db: Executor }) {
  /** A class with the student's own 已报名 sign-up and attendance beside it (null when none). */
  const withMine = (studentId: number) =>
    db
      .select({ cls: nightClasses, signUp: nightSignUps, attendance: attendanceColumns })
      .from(nightClasses)
      .leftJoin(nightSignUps, and(eq(nightSignUps.classId, nightClasses.id), eq(nightSignUps.studentId, studentId), active))
      .leftJoin(nightAttendance, and(eq(nightAttendance.classId, nightClasses.id), eq(nightAttendance.studentId, studentId)))

  return {
    async insertClass(values: typeof nightClasses.$inferInsert): Promise<ClassRow> {
      return insertRow(db, nightClasses, values)
    },

    async updateClass({ id, values }: { id: number; values: Partial<typeof nightClasses.$inferInsert> }): Promise<ClassRow> {
      return (await updateRow(db, nightClasses, id, values))!
    },

    async deleteClass({ id }: { id: number }) {
      await db.delete(nightClasses).where(eq(nightClasses.id, id))
    },

    async findClass({ id }: { id: number }): Promise<ClassRow | undefined> {
      return rowById(db, nightClasses, id)
    },

    /** The class locked: every seat change of a class runs one at a time behind this. */
    async lockClass({ id }: { id: number }): Promise<ClassRow | undefined> {
      const [row] = await db.select().from(nightClasses).where(eq(nightClasses.id, id)).for('update')
      return row
    },

    async moveSeats({ id, by }: { id: number; by: 1 | -1 }) {
      await db
        .update(nightClasses)
        .set({ signedUp: sql`${nightClasses.signedUp} + ${by}` })
        .where(eq(nightClasses.id, id))
    },

    async activeSignUp({ classId, studentId }: { classId: number; studentId: number }): Promise<SignUpRow | undefined> {
      const [row] = await db
        .select()
        .from(nightSignUps)
        .where(and(eq(nightSignUps.classId, classId), eq(nightSignUps.studentId, studentId), active))
        .limit(1)
      return row
    },

    async insertSignUp(values: typeof nightSignUps.$inferInsert): Promise<SignUpRow> {
      return insertRow(db, nightSignUps, values)
    },

    async findSignUpClass({ id }: { id: number }): Promise<{ classId: number } | undefined> {
      const [row] = await db.select({ classId: nightSignUps.classId }).from(nightSignUps).where(eq(nightSignUps.id, id)).limit(1)
      return row
    },

    async lockSignUp({ id }: { id: number }): Promise<SignUpRow | undefined> {
      const [row] = await db.select().from(nightSignUps).where(eq(nightSignUps.id, id)).for('update')
      return row
    },

    async cancelSignUp({ id, by, reason, now }: { id: number; by: 'student' | 'office'; reason: string | null; now: Date }) {
      await db
        .update(nightSignUps)
        .set({ status: NightSignUpStatus.cancelled, cancelledAt: now, cancelledBy: by, cancelReason: reason })
        .where(eq(nightSignUps.id, id))
    },

    async attendance({ classId, studentId }: { classId: number; studentId: number }): Promise<AttendanceRow | undefined> {
      const [row] = await db
        .select(attendanceColumns)
        .from(nightAttendance)
        .where(and(eq(nightAttendance.classId, classId), eq(nightAttendance.studentId, studentId)))
        .limit(1)
      return row as AttendanceRow | undefined
    },

    /** One class as the student sees it: published, or one they hold a sign-up for. */
    async classForStudent({ id, studentId }: { id: number; studentId: number }) {
      const [row] = await withMine(studentId).where(eq(nightClasses.id, id)).limit(1)
      return row && attended(row)
    },

    /** open: published and not ended, soonest first; mine: my 已报名 classes, the latest first. */
    async listForStudent({
      studentId,
      scope,
      now,
      page,
      size,
    }: {
      studentId: number
      scope: 'open' | 'mine'
      now: Date
      page: number
      size: number
    }) {
      if (scope === 'open') {
        const where = and(eq(nightClasses.published, true), gt(nightClasses.endsAt, now))
        const rows = await withMine(studentId)
          .where(where)
          .orderBy(asc(nightClasses.startsAt), asc(nightClasses.id))
          .limit(size)
          .offset((page - 1) * size)
        const [total] = await db.select({ n: count() }).from(nightClasses).where(where)
        return { rows: rows.map(attended), total: total?.n ?? 0 }
      }
      const where = and(eq(nightSignUps.studentId, studentId), active)
      const rows = await db
        .select({ cls: nightClasses, signUp: nightSignUps, attendance: attendanceColumns })
        .from(nightSignUps)
        .innerJoin(nightClasses, eq(nightClasses.id, nightSignUps.classId))
        .leftJoin(nightAttendance, and(eq(nightAttendance.classId, nightClasses.id), eq(nightAttendance.studentId, studentId)))
        .where(where)
        .orderBy(desc(nightClasses.startsAt), desc(nightClasses.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(nightSignUps).where(where)
      return { rows: rows.map(attended), total: total?.n ?? 0 }
    },

    /** My attendance record: my 已报名 classes that have started or that I checked in to, attended or not, the latest first. */
    async attendanceForStudent({ studentId, now, page, size }: { studentId: number; now: Date; page: number; size: number }) {
      const where = and(
        eq(nightSignUps.studentId, studentId),
        active,
        sql`(${nightClasses.startsAt} <= ${now} or ${nightAttendance.id} is not null)`,
      )
      const rows = await db
        .select({ cls: nightClasses, attendance: attendanceColumns })
        .from(nightSignUps)
        .innerJoin(nightClasses, eq(nightClasses.id, nightSignUps.classId))
        .leftJoin(nightAttendance, and(eq(nightAttendance.classId, nightClasses.id), eq(nightAttendance.studentId, studentId)))
        .where(where)
        .orderBy(desc(nightClasses.startsAt), desc(nightClasses.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(nightSignUps)
        .innerJoin(nightClasses, eq(nightClasses.id, nightSignUps.classId))
        .leftJoin(nightAttendance, and(eq(nightAttendance.classId, nightClasses.id), eq(nightAttendance.studentId, studentId)))
        .where(where)
      return { rows: rows.map(attended), total: total?.n ?? 0 }
    },

    /** The office's classes, the latest start first, with how many attended. */
    async listForConsole({ page, size, ...filter }: ConsoleClassFilter & { page: number; size: number }) {
      const where = consoleClassesWhere(filter)
      const rows = await db
        .select({
          cls: nightClasses,
          // Spelled out: drizzle leaves columns unqualified inside sql``, and "id" would be the attendance's own.
          attended: sql<number>`(select count(*)::int from ${nightAttendance} where ${nightAttendance.classId} = "night_classes"."id")`,
        })
        .from(nightClasses)
        .where(where)
        .orderBy(desc(nightClasses.startsAt), desc(nightClasses.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(nightClasses).where(where)
      return { rows, total: total?.n ?? 0 }
    },

    /** The classes the console's list shows for a filter, counted (工作台: today's classes). */
    async countForConsole(filter: ConsoleClassFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(nightClasses).where(consoleClassesWhere(filter))
      return row?.n ?? 0
    },

    async attendedCount({ classId }: { classId: number }): Promise<number> {
      const [row] = await db.select({ n: count() }).from(nightAttendance).where(eq(nightAttendance.classId, classId))
      return row?.n ?? 0
    },

    async signUpCount({ classId }: { classId: number }): Promise<number> {
      const [row] = await db.select({ n: count() }).from(nightSignUps).where(eq(nightSignUps.classId, classId))
      return row?.n ?? 0
    },

    /** A class's sign-ups with their students and attendance; 已报名 first, then by sign-up order (after `afterId` for exports). */
    async signUps({
      classId,
      status,
      page,
      size,
      afterId,
    }: {
      classId: number
      status?: string
      page?: number
      size: number
      afterId?: number
    }) {
      const where = and(
        eq(nightSignUps.classId, classId),
        status ? eq(nightSignUps.status, status) : undefined,
        afterId !== undefined ? gt(nightSignUps.id, afterId) : undefined,
      )
      const query = db
        .select({
          signUp: nightSignUps,
          name: studentsView.name,
          studentNo: studentsView.studentNo,
          phone: studentsView.phone,
          checkedInAt: nightAttendance.checkedInAt,
          way: nightAttendance.way,
        })
        .from(nightSignUps)
        .innerJoin(studentsView, eq(studentsView.id, nightSignUps.studentId))
        .leftJoin(
          nightAttendance,
          and(eq(nightAttendance.classId, nightSignUps.classId), eq(nightAttendance.studentId, nightSignUps.studentId)),
        )
        .where(where)
      const rows =
        afterId !== undefined
          ? await query.orderBy(asc(nightSignUps.id)).limit(size)
          : await query
              .orderBy(sql`(${nightSignUps.status} = ${NightSignUpStatus.signedUp}) desc`, asc(nightSignUps.id))
              .limit(size)
              .offset(((page ?? 1) - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(nightSignUps)
        .where(and(eq(nightSignUps.classId, classId), status ? eq(nightSignUps.status, status) : undefined))
      return { rows, total: total?.n ?? 0 }
    },
  }
}

/** The console's class list filters: keyword (title, subject, teacher), published, the day a class starts on (YYYY-MM-DD, Beijing). */
export type ConsoleClassFilter = { keyword?: string; published?: boolean; date?: string }

function consoleClassesWhere({ keyword, published, date }: ConsoleClassFilter): SQL | undefined {
  const filters: SQL[] = []
  if (keyword) {
    const like = containing(keyword)
    filters.push(or(ilike(nightClasses.title, like), ilike(nightClasses.subject, like), ilike(nightClasses.teacher, like))!)
  }
  if (published !== undefined) filters.push(eq(nightClasses.published, published))
  const day = date ? dayRange({ from: date, to: date }) : undefined
  if (day) filters.push(gte(nightClasses.startsAt, day.from), lt(nightClasses.startsAt, day.to))
  return filters.length ? and(...filters) : undefined
}
