import { and, asc, eq, gte, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { claimLiveReminders, courseEnrolmentsView, coursesView, courseSectionsView, liveSessionsView } from '../courses/index.ts'
import { partnersView } from '../../partner-programme/index.ts'
import { studentsView } from '../../roll/index.ts'
import { liveAttendance } from './study.table.ts'
import { sectionCount, finishedCount } from './study.columns.ts'

/** A live class with its course and the student's enrolment and attendance. */
const liveAccessColumns = {
  id: liveSessionsView.id,
  courseId: liveSessionsView.courseId,
  title: liveSessionsView.title,
  teacher: liveSessionsView.teacher,
  startsAt: liveSessionsView.startsAt,
  endsAt: liveSessionsView.endsAt,
  roomUrl: liveSessionsView.roomUrl,
  playbackKey: liveSessionsView.playbackKey,
  playbackDuration: liveSessionsView.playbackDuration,
  courseTitle: coursesView.title,
  noSkip: coursesView.noSkip,
  enrolmentId: courseEnrolmentsView.id,
  finishedCount,
  sectionCount,
}

const liveAttendanceColumns = {
  liveMs: liveAttendance.liveMs,
  attendedAt: liveAttendance.attendedAt,
  positionMs: liveAttendance.positionMs,
  furthestMs: liveAttendance.furthestMs,
  watchedMs: liveAttendance.watchedMs,
  finishedAt: liveAttendance.finishedAt,
  lastReportAt: liveAttendance.lastReportAt,
  liveReportAt: liveAttendance.liveReportAt,
}

export type AttendanceRow = typeof liveAttendance.$inferSelect

/** Live classes: access, attendance and playback, the schedule, reminders and their recipients. */
export function createStudyLiveRepository({ db }: { db: Executor }) {
  return {
    /** A live class of a course the student joined, with their attendance; undefined otherwise ("not yours" is "not found"). */
    async liveForStudent({ studentId, liveId }: { studentId: number; liveId: number }) {
      const [row] = await db
        .select({ ...liveAccessColumns, attendance: liveAttendanceColumns })
        .from(liveSessionsView)
        .innerJoin(coursesView, eq(coursesView.id, liveSessionsView.courseId))
        .innerJoin(
          courseEnrolmentsView,
          and(eq(courseEnrolmentsView.courseId, liveSessionsView.courseId), eq(courseEnrolmentsView.studentId, studentId)),
        )
        .leftJoin(liveAttendance, and(eq(liveAttendance.liveSessionId, liveSessionsView.id), eq(liveAttendance.studentId, studentId)))
        .where(eq(liveSessionsView.id, liveId))
        .limit(1)
      return row
    },

    async attendance({ studentId, liveId }: { studentId: number; liveId: number }): Promise<AttendanceRow | undefined> {
      const [row] = await db
        .select()
        .from(liveAttendance)
        .where(and(eq(liveAttendance.studentId, studentId), eq(liveAttendance.liveSessionId, liveId)))
        .limit(1)
      return row
    },

    /** Time in the live room (never decreasing), its last report and, once, the attendance time. */
    async saveLiveTime({
      studentId,
      liveId,
      addedMs,
      attendedAt,
      now,
    }: {
      studentId: number
      liveId: number
      addedMs: number
      attendedAt: Date | null
      now: Date
    }): Promise<AttendanceRow> {
      const la = liveAttendance
      const [row] = await db
        .insert(la)
        .values({ studentId, liveSessionId: liveId, liveMs: addedMs, liveReportAt: now, attendedAt, updatedAt: now })
        .onConflictDoUpdate({
          target: [la.studentId, la.liveSessionId],
          set: {
            liveMs: sql`${la.liveMs} + ${addedMs}`,
            liveReportAt: sql`greatest(${la.liveReportAt}, excluded.live_report_at)`,
            attendedAt: sql`coalesce(${la.attendedAt}, excluded.attended_at)`,
            updatedAt: now,
          },
        })
        .returning()
      return row!
    },

    /** A playback's progress, with the same guarantees as a section's. */
    async savePlayback(v: {
      studentId: number
      liveId: number
      positionMs: number
      furthestMs: number
      watchedMs: number
      finishedAt: Date | null
      now: Date
    }) {
      const la = liveAttendance
      await db
        .insert(la)
        .values({
          studentId: v.studentId,
          liveSessionId: v.liveId,
          positionMs: v.positionMs,
          furthestMs: v.furthestMs,
          watchedMs: v.watchedMs,
          finishedAt: v.finishedAt,
          lastReportAt: v.now,
          updatedAt: v.now,
        })
        .onConflictDoUpdate({
          target: [la.studentId, la.liveSessionId],
          set: {
            positionMs: v.positionMs,
            furthestMs: sql`greatest(${la.furthestMs}, excluded.furthest_ms)`,
            watchedMs: sql`greatest(${la.watchedMs}, excluded.watched_ms)`,
            finishedAt: sql`coalesce(${la.finishedAt}, excluded.finished_at)`,
            lastReportAt: sql`greatest(${la.lastReportAt}, excluded.last_report_at)`,
            updatedAt: v.now,
          },
        })
    },

    /** The sections that are this live class (a student who attended it or watched its playback has finished them). */
    async liveSections({ liveId }: { liveId: number }) {
      return db
        .select({ id: courseSectionsView.id, courseId: courseSectionsView.courseId })
        .from(courseSectionsView)
        .where(eq(courseSectionsView.liveSessionId, liveId))
    },

    /** The student's live classes between two instants (joined courses only), earliest first. */
    async liveSchedule({ studentId, from, to }: { studentId: number; from: Date; to: Date }) {
      return db
        .select({
          id: liveSessionsView.id,
          courseId: liveSessionsView.courseId,
          courseTitle: coursesView.title,
          title: liveSessionsView.title,
          teacher: liveSessionsView.teacher,
          startsAt: liveSessionsView.startsAt,
          endsAt: liveSessionsView.endsAt,
          playbackKey: liveSessionsView.playbackKey,
          playbackDuration: liveSessionsView.playbackDuration,
          attendance: liveAttendanceColumns,
        })
        .from(courseEnrolmentsView)
        .innerJoin(coursesView, eq(coursesView.id, courseEnrolmentsView.courseId))
        .innerJoin(
          liveSessionsView,
          and(eq(liveSessionsView.courseId, courseEnrolmentsView.courseId), gte(liveSessionsView.startsAt, from)),
        )
        .leftJoin(liveAttendance, and(eq(liveAttendance.liveSessionId, liveSessionsView.id), eq(liveAttendance.studentId, studentId)))
        .where(and(eq(courseEnrolmentsView.studentId, studentId), sql`${liveSessionsView.startsAt} < ${to.toISOString()}::timestamptz`))
        .orderBy(asc(liveSessionsView.startsAt), asc(liveSessionsView.id))
        .limit(500)
    },

    /**
     * Claims the live classes starting within `beforeMs` of `now` whose reminder has not gone out:
     * one UPDATE, so of several processes running the job at once each class goes to one of them.
     */
    async claimReminders({ now, beforeMs }: { now: Date; beforeMs: number }) {
      return claimLiveReminders({ db, now, beforeMs })
    },

    async courseTitle({ courseId }: { courseId: number }) {
      const [row] = await db.select({ title: coursesView.title }).from(coursesView).where(eq(coursesView.id, courseId)).limit(1)
      return row?.title
    },

    /** (account_id, partner_id) of every student on a course, as a SELECT to run inside another statement. */
    courseRecipients({ courseId }: { courseId: number }): SQL {
      return db
        .select({ accountId: studentsView.accountId, partnerId: partnersView.id })
        .from(courseEnrolmentsView)
        .innerJoin(studentsView, eq(studentsView.id, courseEnrolmentsView.studentId))
        .leftJoin(partnersView, eq(partnersView.accountId, studentsView.accountId))
        .where(eq(courseEnrolmentsView.courseId, courseId))
        .getSQL()
    },
  }
}
