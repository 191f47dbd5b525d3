import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { courseChaptersView, courseEnrolmentsView, coursesView, courseSectionsView, liveSessionsView } from '../courses/index.ts'
import { studentsView } from '../../roll/index.ts'
import { liveAttendance, sectionProgress } from './study.table.ts'
import { sectionCount, myCourseColumns, reportColumns, keywordFilter } from './study.columns.ts'

/** The office's reports: a course's students with their progress (and the export's batches), one student's study. */
export function createStudyReportsRepository({ db }: { db: Executor }) {
  return {
    async course({ courseId }: { courseId: number }) {
      const [row] = await db
        .select({ id: coursesView.id, title: coursesView.title, total: sectionCount })
        .from(coursesView)
        .where(eq(coursesView.id, courseId))
        .limit(1)
      return row
    },

    /** A course's students, newest joined first, by a part of the name, phone or student number. */
    async courseReport({ courseId, keyword, page, size }: { courseId: number; keyword?: string; page: number; size: number }) {
      const where = and(eq(courseEnrolmentsView.courseId, courseId), keywordFilter(keyword))
      const rows = await db
        .select(reportColumns(courseId))
        .from(courseEnrolmentsView)
        .innerJoin(studentsView, eq(studentsView.id, courseEnrolmentsView.studentId))
        .where(where)
        .orderBy(desc(courseEnrolmentsView.createdAt), desc(courseEnrolmentsView.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(courseEnrolmentsView)
        .innerJoin(studentsView, eq(studentsView.id, courseEnrolmentsView.studentId))
        .where(where)
      return { rows, total: total?.n ?? 0 }
    },

    /** The export's keyset batches: in the list's order, after the last row given. */
    async courseReportBatch({
      courseId,
      last,
      limit,
    }: {
      courseId: number
      last?: { joinedAt: Date; enrolmentId: number }
      limit: number
    }) {
      const after = last
        ? sql`(${courseEnrolmentsView.createdAt}, ${courseEnrolmentsView.id}) < (${last.joinedAt.toISOString()}::timestamptz, ${last.enrolmentId})`
        : undefined
      return db
        .select(reportColumns(courseId))
        .from(courseEnrolmentsView)
        .innerJoin(studentsView, eq(studentsView.id, courseEnrolmentsView.studentId))
        .where(and(eq(courseEnrolmentsView.courseId, courseId), after))
        .orderBy(desc(courseEnrolmentsView.createdAt), desc(courseEnrolmentsView.id))
        .limit(limit)
    },

    async student({ studentId }: { studentId: number }) {
      const [row] = await db
        .select({ id: studentsView.id, name: studentsView.name, studentNo: studentsView.studentNo })
        .from(studentsView)
        .where(eq(studentsView.id, studentId))
        .limit(1)
      return row
    },

    /** Every enrolment of a student (the office's student report), with the time watched on each course. */
    async enrolmentsOf({ studentId }: { studentId: number }) {
      return db
        .select({
          ...myCourseColumns,
          watchedMs: sql<number>`(select coalesce(sum(${sectionProgress.watchedMs}), 0) from ${sectionProgress}
            where ${sectionProgress.courseId} = ${coursesView.id} and ${sectionProgress.studentId} = ${studentId})`.mapWith(Number),
        })
        .from(courseEnrolmentsView)
        .innerJoin(coursesView, eq(coursesView.id, courseEnrolmentsView.courseId))
        .leftJoin(courseSectionsView, eq(courseSectionsView.id, courseEnrolmentsView.lastSectionId))
        .where(eq(courseEnrolmentsView.studentId, studentId))
        .orderBy(
          sql`${courseEnrolmentsView.lastStudiedAt} desc nulls last`,
          desc(courseEnrolmentsView.createdAt),
          desc(courseEnrolmentsView.id),
        )
        .limit(200)
    },

    /** Every section of the student's courses with their progress on it, in reading order. */
    async sectionsOf({ studentId }: { studentId: number }) {
      return db
        .select({
          courseId: courseSectionsView.courseId,
          id: courseSectionsView.id,
          title: courseSectionsView.title,
          duration: courseSectionsView.duration,
          watchedMs: sectionProgress.watchedMs,
          positionMs: sectionProgress.positionMs,
          finishedAt: sectionProgress.finishedAt,
        })
        .from(courseEnrolmentsView)
        .innerJoin(courseSectionsView, eq(courseSectionsView.courseId, courseEnrolmentsView.courseId))
        .innerJoin(courseChaptersView, eq(courseChaptersView.id, courseSectionsView.chapterId))
        .leftJoin(sectionProgress, and(eq(sectionProgress.sectionId, courseSectionsView.id), eq(sectionProgress.studentId, studentId)))
        .where(eq(courseEnrolmentsView.studentId, studentId))
        .orderBy(asc(courseChaptersView.sort), asc(courseChaptersView.id), asc(courseSectionsView.sort), asc(courseSectionsView.id))
        .limit(5000)
    },

    /** The live classes of the student's courses that have started, latest first, with their attendance. */
    async liveHistory({ studentId, now }: { studentId: number; now: Date }) {
      return db
        .select({
          id: liveSessionsView.id,
          title: liveSessionsView.title,
          startsAt: liveSessionsView.startsAt,
          liveMs: liveAttendance.liveMs,
          attendedAt: liveAttendance.attendedAt,
        })
        .from(courseEnrolmentsView)
        .innerJoin(liveSessionsView, eq(liveSessionsView.courseId, courseEnrolmentsView.courseId))
        .leftJoin(liveAttendance, and(eq(liveAttendance.liveSessionId, liveSessionsView.id), eq(liveAttendance.studentId, studentId)))
        .where(and(eq(courseEnrolmentsView.studentId, studentId), lte(liveSessionsView.startsAt, now)))
        .orderBy(desc(liveSessionsView.startsAt), desc(liveSessionsView.id))
        .limit(200)
    },
  }
}

export type CourseReportRow = Awaited<ReturnType<ReturnType<typeof createStudyReportsRepository>['courseReport']>>['rows'][number]
