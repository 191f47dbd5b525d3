import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { insertRow, rowById, updateRow } from '../../../db/rows.ts'
import { ApprovalStatus, AttendanceStatus } from '../../../wire.ts'
import { adminsView } from '../../platform/index.ts'
import { leaveRequestsView } from '../leave/index.ts'
import { classesView, classMembersView, studentsView } from '../students/index.ts'
import { attendanceMakeUps, attendanceRecords, attendanceSessions, attendanceWarnings } from './attendance.table.ts'

export type SessionRow = typeof attendanceSessions.$inferSelect
/** A session of a class's timetable (not a night class's). */
export type ClassSessionRow = SessionRow & { classId: number }
export type RecordRow = typeof attendanceRecords.$inferSelect
export type MakeUpRow = typeof attendanceMakeUps.$inferSelect

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`

/** The students of a session: members of its class when it starts (a student who joined later, or left before, is not). */
const memberOfSession = and(
  eq(classMembersView.classId, attendanceSessions.classId),
  lte(classMembersView.joinedAt, attendanceSessions.startsAt),
  or(isNull(classMembersView.leftAt), gt(classMembersView.leftAt, attendanceSessions.startsAt)),
)

/** An approved leave of the student holds one of the session's half-days. */
const onLeave = sql<boolean>`exists (select 1 from ${leaveRequestsView} where ${leaveRequestsView.studentId} = ${classMembersView.studentId}
  and ${leaveRequestsView.status} = ${ApprovalStatus.approved}
  and ${leaveRequestsView.span} && int4range(${attendanceSessions.startSlot}, ${attendanceSessions.endSlot} + 1))`

/**
 * The one rule of a student's status at a session: their record (a scan, a roll call, an approved
 * 补卡); else 请假 when an approved leave holds the session; else 缺勤 once it has ended; else none yet.
 */
const effectiveStatus = (now: Date) =>
  sql<AttendanceStatus | null>`coalesce(${attendanceRecords.status}, case when ${onLeave} then ${AttendanceStatus.leave} when ${attendanceSessions.endsAt} <= ${at(now)} then ${AttendanceStatus.absent} end)`

/** Which sessions an operator may see without 课表与考勤 · 查看全部: the ones they teach and their classes' (null: all). */
export type Scope = { adminId: number } | null
const inScope = (scope: Scope) =>
  scope ? or(eq(attendanceSessions.teacherId, scope.adminId), eq(classesView.headTeacherId, scope.adminId)) : undefined

export interface SessionFilter {
  classId?: number
  teacherId?: number
  course?: string
  /** Sessions starting from this instant, and before `until`. */
  from?: Date
  until?: Date
  scope?: Scope
}

function sessionConditions(f: SessionFilter): SQL | undefined {
  return and(
    f.classId ? eq(attendanceSessions.classId, f.classId) : undefined,
    f.teacherId ? eq(attendanceSessions.teacherId, f.teacherId) : undefined,
    f.course ? eq(attendanceSessions.course, f.course) : undefined,
    f.from ? gte(attendanceSessions.startsAt, f.from) : undefined,
    f.until ? lt(attendanceSessions.startsAt, f.until) : undefined,
    inScope(f.scope ?? null),
  )
}

/** Figures over cells (a student at a held session): counted in SQL, one row per group. */
const figureColumns = (now: Date) => {
  const s = effectiveStatus(now)
  const n = (status: AttendanceStatus) => sql<number>`count(*) filter (where ${s} = ${status})`.mapWith(Number)
  return {
    held: sql<number>`count(*)`.mapWith(Number),
    present: n(AttendanceStatus.present),
    late: n(AttendanceStatus.late),
    leave: n(AttendanceStatus.leave),
    absent: n(AttendanceStatus.absent),
  }
}

export type Figures = { held: number; present: number; late: number; leave: number; absent: number }

export function createAttendanceRepository({ db }: { db: Executor }) {
  /** Sessions with their class's name (joined for the scope), filtered. */
  const sessionsWithClass = () =>
    db
      .select({ session: attendanceSessions, className: classesView.name, headTeacherId: classesView.headTeacherId })
      .from(attendanceSessions)
      .innerJoin(classesView, eq(classesView.id, attendanceSessions.classId))

  /** Every (session, student) cell of the sessions matching `where`, with the effective status. */
  const cells = (now: Date) =>
    db
      .select({
        sessionId: attendanceSessions.id,
        studentId: classMembersView.studentId,
        name: studentsView.name,
        studentNo: studentsView.studentNo,
        phone: studentsView.phone,
        status: effectiveStatus(now),
        way: attendanceRecords.way,
        checkedInAt: attendanceRecords.checkedInAt,
        markedByName: attendanceRecords.markedByName,
        onLeave,
        located: sql<boolean>`${attendanceRecords.latitude} is not null`,
      })
      .from(attendanceSessions)
      .innerJoin(classesView, eq(classesView.id, attendanceSessions.classId))
      .innerJoin(classMembersView, memberOfSession)
      .innerJoin(studentsView, eq(studentsView.id, classMembersView.studentId))
      .leftJoin(
        attendanceRecords,
        and(eq(attendanceRecords.sessionId, attendanceSessions.id), eq(attendanceRecords.studentId, classMembersView.studentId)),
      )

  /** Held sessions: not cancelled and ended by `now`. */
  const held = (now: Date) => and(isNull(attendanceSessions.cancelledAt), lte(attendanceSessions.endsAt, at(now)))

  return {
    async insertSessions(values: Array<typeof attendanceSessions.$inferInsert>): Promise<SessionRow[]> {
      if (!values.length) return []
      return db.insert(attendanceSessions).values(values).returning()
    },

    async updateSession({ id, values }: { id: number; values: Partial<typeof attendanceSessions.$inferInsert> }) {
      return (await updateRow(db, attendanceSessions, id, values))!
    },

    /** A class's session (a night class's is the night module's: not found here); `forUpdate` locks it. */
    async findSession({ id, forUpdate = false }: { id: number; forUpdate?: boolean }): Promise<ClassSessionRow | undefined> {
      const query = db
        .select()
        .from(attendanceSessions)
        .where(and(eq(attendanceSessions.id, id), isNotNull(attendanceSessions.classId)))
        .limit(1)
      const [row] = forUpdate ? await query.for('update') : await query
      return row as ClassSessionRow | undefined
    },

    /** A session with its class's name and head teacher. */
    async sessionWithClass({ id }: { id: number }) {
      const [row] = await sessionsWithClass().where(eq(attendanceSessions.id, id)).limit(1)
      return row
    },

    async listSessions({ filter, page, size }: { filter: SessionFilter; page: number; size: number }) {
      const where = sessionConditions(filter)
      const rows = await sessionsWithClass()
        .where(where)
        .orderBy(desc(attendanceSessions.startsAt), desc(attendanceSessions.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(attendanceSessions)
        .innerJoin(classesView, eq(classesView.id, attendanceSessions.classId))
        .where(where)
      return { rows, total: total?.n ?? 0 }
    },

    /** Sessions of the filter (a week's timetable: [from, until)), soonest first. */
    async sessionsBetween(filter: SessionFilter) {
      return sessionsWithClass().where(sessionConditions(filter)).orderBy(asc(attendanceSessions.startsAt), asc(attendanceSessions.id))
    },

    /** The week's sessions of the classes a student was in at each session's start, with their own cell. */
    async studentSessions({ studentId, from, until, now }: { studentId: number; from: Date; until: Date; now: Date }) {
      return db
        .select({
          session: attendanceSessions,
          className: classesView.name,
          status: sql<AttendanceStatus | null>`case when ${attendanceSessions.cancelledAt} is null then ${effectiveStatus(now)} end`,
          way: attendanceRecords.way,
          checkedInAt: attendanceRecords.checkedInAt,
        })
        .from(attendanceSessions)
        .innerJoin(classesView, eq(classesView.id, attendanceSessions.classId))
        .innerJoin(classMembersView, and(memberOfSession, eq(classMembersView.studentId, studentId)))
        .leftJoin(
          attendanceRecords,
          and(eq(attendanceRecords.sessionId, attendanceSessions.id), eq(attendanceRecords.studentId, studentId)),
        )
        .where(and(gte(attendanceSessions.startsAt, from), lt(attendanceSessions.startsAt, until)))
        .orderBy(asc(attendanceSessions.startsAt), asc(attendanceSessions.id))
    },

    /** The students of these sessions with their status, by name. */
    async roster({ sessionIds, now }: { sessionIds: number[]; now: Date }) {
      if (!sessionIds.length) return []
      return cells(now)
        .where(inArray(attendanceSessions.id, sessionIds))
        .orderBy(asc(attendanceSessions.id), asc(studentsView.studentNo), asc(studentsView.name), asc(classMembersView.studentId))
    },

    /** Whether the student belongs to the session (a member of its class at its start). */
    async isInSession({ sessionId, studentId }: { sessionId: number; studentId: number }) {
      const [row] = await db
        .select({ one: sql`1` })
        .from(attendanceSessions)
        .innerJoin(classMembersView, and(memberOfSession, eq(classMembersView.studentId, studentId)))
        .where(eq(attendanceSessions.id, sessionId))
        .limit(1)
      return row !== undefined
    },

    /** A session's students' ids. */
    async studentIdsOf({ sessionId }: { sessionId: number }) {
      const rows = await db
        .select({ id: classMembersView.studentId })
        .from(attendanceSessions)
        .innerJoin(classMembersView, memberOfSession)
        .where(eq(attendanceSessions.id, sessionId))
      return rows.map((r) => r.id)
    },

    async record({ sessionId, studentId }: { sessionId: number; studentId: number }): Promise<RecordRow | undefined> {
      const [row] = await db
        .select()
        .from(attendanceRecords)
        .where(and(eq(attendanceRecords.sessionId, sessionId), eq(attendanceRecords.studentId, studentId)))
        .limit(1)
      return row
    },

    async recordsOf({ sessionId, studentIds }: { sessionId: number; studentIds: number[] }) {
      if (!studentIds.length) return []
      return db
        .select()
        .from(attendanceRecords)
        .where(and(eq(attendanceRecords.sessionId, sessionId), inArray(attendanceRecords.studentId, studentIds)))
    },

    /** The first record of a scan, or undefined when one was there already (the unique index decides). */
    async insertRecord(values: typeof attendanceRecords.$inferInsert): Promise<RecordRow | undefined> {
      const [row] = await db.insert(attendanceRecords).values(values).onConflictDoNothing().returning()
      return row
    },

    /** Sets the records (a roll call or an approved 补卡): written or overwritten, one statement. */
    async upsertRecords(values: Array<typeof attendanceRecords.$inferInsert>) {
      if (!values.length) return
      await db
        .insert(attendanceRecords)
        .values(values)
        .onConflictDoUpdate({
          target: [attendanceRecords.sessionId, attendanceRecords.studentId],
          set: {
            status: sql`excluded.status`,
            way: sql`excluded.way`,
            checkedInAt: sql`coalesce(${attendanceRecords.checkedInAt}, excluded.checked_in_at)`,
            markedById: sql`excluded.marked_by_id`,
            markedByName: sql`excluded.marked_by_name`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
    },

    async deleteRecord({ sessionId, studentId, way }: { sessionId: number; studentId: number; way: string }) {
      await db
        .delete(attendanceRecords)
        .where(and(eq(attendanceRecords.sessionId, sessionId), eq(attendanceRecords.studentId, studentId), eq(attendanceRecords.way, way)))
    },

    /** Figures per group over the held sessions matching the filter (group: a column of the cells). */
    async figures({ filter, group, now }: { filter: SessionFilter; group: 'student' | 'class' | 'course' | 'teacher'; now: Date }) {
      const f = figureColumns(now)
      const base = db.select({
        key:
          group === 'student'
            ? sql<number>`${classMembersView.studentId}`
            : group === 'class'
              ? sql<number>`${attendanceSessions.classId}`
              : group === 'course'
                ? sql<string>`${attendanceSessions.course}`
                : sql<number>`coalesce(${attendanceSessions.teacherId}, 0)`,
        label:
          group === 'student'
            ? sql<string>`min(${studentsView.name})`
            : group === 'class'
              ? sql<string>`min(${classesView.name})`
              : group === 'course'
                ? sql<string>`${attendanceSessions.course}`
                : sql<string>`min(${attendanceSessions.teacherName})`,
        studentNo: sql<string | null>`min(${studentsView.studentNo})`,
        className: sql<string>`min(${classesView.name})`,
        ...f,
      })
      return base
        .from(attendanceSessions)
        .innerJoin(classesView, eq(classesView.id, attendanceSessions.classId))
        .innerJoin(classMembersView, memberOfSession)
        .innerJoin(studentsView, eq(studentsView.id, classMembersView.studentId))
        .leftJoin(
          attendanceRecords,
          and(eq(attendanceRecords.sessionId, attendanceSessions.id), eq(attendanceRecords.studentId, classMembersView.studentId)),
        )
        .where(and(held(now), sessionConditions(filter)))
        .groupBy(sql`1`)
        .orderBy(sql`1`)
    },

    /** The figures of these students over all their held sessions (the warnings' check). */
    async figuresOfStudents({ studentIds, now }: { studentIds: number[]; now: Date }) {
      if (!studentIds.length) return []
      return db
        .select({
          studentId: classMembersView.studentId,
          accountId: sql<number>`min(${studentsView.accountId})`.mapWith(Number),
          ...figureColumns(now),
        })
        .from(attendanceSessions)
        .innerJoin(classMembersView, memberOfSession)
        .innerJoin(studentsView, eq(studentsView.id, classMembersView.studentId))
        .leftJoin(
          attendanceRecords,
          and(eq(attendanceRecords.sessionId, attendanceSessions.id), eq(attendanceRecords.studentId, classMembersView.studentId)),
        )
        .where(and(held(now), inArray(classMembersView.studentId, studentIds)))
        .groupBy(classMembersView.studentId)
    },

    /** Sessions that ended and were not looked at by the warnings sweep, claimed (SKIP LOCKED: processes share them). */
    async claimEnded({ now, limit }: { now: Date; limit: number }) {
      const rows = await db
        .select({ id: attendanceSessions.id })
        .from(attendanceSessions)
        .where(and(isNull(attendanceSessions.sweptAt), isNull(attendanceSessions.cancelledAt), lte(attendanceSessions.endsAt, at(now))))
        .orderBy(asc(attendanceSessions.endsAt))
        .limit(limit)
        .for('update', { skipLocked: true })
      if (!rows.length) return []
      const ids = rows.map((r) => r.id)
      await db.update(attendanceSessions).set({ sweptAt: now }).where(inArray(attendanceSessions.id, ids))
      return ids
    },

    /** Writes the warnings not given yet (once per student and threshold); answers the new ones. */
    async insertWarnings(values: Array<typeof attendanceWarnings.$inferInsert>) {
      if (!values.length) return []
      return db.insert(attendanceWarnings).values(values).onConflictDoNothing().returning()
    },

    async warningsOf({ studentIds, thresholdPercent }: { studentIds: number[]; thresholdPercent: number }) {
      if (!studentIds.length) return []
      return db
        .select()
        .from(attendanceWarnings)
        .where(and(inArray(attendanceWarnings.studentId, studentIds), eq(attendanceWarnings.thresholdPercent, thresholdPercent)))
    },

    /** The courses planned so far (the console's filter). */
    async courses() {
      const rows = await db
        .selectDistinct({ course: attendanceSessions.course })
        .from(attendanceSessions)
        .orderBy(asc(attendanceSessions.course))
      return rows.map((r) => r.course)
    },

    async teacherOptions() {
      return db
        .select({ id: adminsView.id, name: adminsView.name })
        .from(adminsView)
        .where(eq(adminsView.enabled, true))
        .orderBy(asc(adminsView.name), asc(adminsView.id))
    },

    async classOptions({ scope }: { scope: Scope }) {
      return db
        .select({ id: classesView.id, name: classesView.name })
        .from(classesView)
        .where(scope ? eq(classesView.headTeacherId, scope.adminId) : undefined)
        .orderBy(desc(classesView.id))
    },

    async teacher({ id }: { id: number }) {
      const [row] = await db
        .select({ id: adminsView.id, name: adminsView.name, enabled: adminsView.enabled })
        .from(adminsView)
        .where(eq(adminsView.id, id))
      return row
    },

    async classById({ id }: { id: number }) {
      const [row] = await db.select().from(classesView).where(eq(classesView.id, id))
      return row
    },

    // ---- 补卡 ----

    async insertMakeUp(values: typeof attendanceMakeUps.$inferInsert): Promise<MakeUpRow> {
      return insertRow(db, attendanceMakeUps, values)
    },

    async findMakeUp({ id }: { id: number }) {
      return rowById(db, attendanceMakeUps, id)
    },

    async updateMakeUp({ id, values }: { id: number; values: Partial<typeof attendanceMakeUps.$inferInsert> }) {
      return (await updateRow(db, attendanceMakeUps, id, values))!
    },

    /** 补卡 asked since `from` that are under way or approved (the month's allowance). */
    async makeUpsSince({ studentId, from }: { studentId: number; from: Date }) {
      const [row] = await db
        .select({ n: count() })
        .from(attendanceMakeUps)
        .where(
          and(
            eq(attendanceMakeUps.studentId, studentId),
            gte(attendanceMakeUps.createdAt, from),
            inArray(attendanceMakeUps.status, [ApprovalStatus.pending, ApprovalStatus.approved]),
          ),
        )
      return row?.n ?? 0
    },

    /** The latest 补卡 of each of these sessions for the student. */
    async makeUpsOf({ studentId, sessionIds }: { studentId: number; sessionIds: number[] }) {
      if (!sessionIds.length) return []
      return db
        .selectDistinctOn([attendanceMakeUps.sessionId])
        .from(attendanceMakeUps)
        .where(and(eq(attendanceMakeUps.studentId, studentId), inArray(attendanceMakeUps.sessionId, sessionIds)))
        .orderBy(attendanceMakeUps.sessionId, desc(attendanceMakeUps.id))
    },

    /** The current members of a class (whom a change of its timetable tells). */
    currentMembers: (classId: number) =>
      sql`${studentsView.id} in (select ${classMembersView.studentId} from ${classMembersView} where ${classMembersView.classId} = ${classId} and ${classMembersView.leftAt} is null)`,
  }
}
