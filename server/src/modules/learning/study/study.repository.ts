import { and, asc, count, desc, eq, gte, isNotNull, lte, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { preparedPerDb } from '../../../db/prepared.ts'
import { courseChapters, courseEnrolments, courses, courseSections, liveSessions } from '../courses/index.ts'
import { partners } from '../../partner-programme/index.ts'
import { students } from '../../roll/index.ts'
import { liveAttendance, sectionProgress, studyClocks, studyDays } from './study.table.ts'
import { personKeyword } from '../../../lib/person-search.ts'

/**
 * The sections a course counts (every kind: video, document, live), for a query over `courses`.
 * Written with qualified names: drizzle leaves a column of a one-table query unqualified, and inside
 * this subquery an unqualified "id" would be the section's.
 */
const sectionCount = sql<number>`(select count(*) from ${courseSections} where ${courseSections}.${sql.identifier(
  courseSections.courseId.name,
)} = ${courses}.${sql.identifier(courses.id.name)})`.mapWith(Number)

/**
 * A student's finished sections of a course, counted from the progress rows (a deleted section's
 * rows go with it), for a query over course_enrolments.
 */
const finishedCount = sql<number>`(select count(*) from ${sectionProgress}
  where ${sectionProgress}.${sql.identifier(sectionProgress.courseId.name)} = ${courseEnrolments}.${sql.identifier(courseEnrolments.courseId.name)}
  and ${sectionProgress}.${sql.identifier(sectionProgress.studentId.name)} = ${courseEnrolments}.${sql.identifier(courseEnrolments.studentId.name)}
  and ${sectionProgress}.${sql.identifier(sectionProgress.finishedAt.name)} is not null)`.mapWith(Number)

/** A section with its course and the student's enrolment (if any): what the player's calls check first. */
const sectionAccessQuery = preparedPerDb((db) =>
  db
    .select({
      id: courseSections.id,
      courseId: courseSections.courseId,
      chapterId: courseSections.chapterId,
      title: courseSections.title,
      kind: courseSections.kind,
      trial: courseSections.trial,
      duration: courseSections.duration,
      mediaKey: courseSections.mediaKey,
      fileName: courseSections.fileName,
      liveSessionId: courseSections.liveSessionId,
      courseTitle: courses.title,
      courseStatus: courses.status,
      noSkip: courses.noSkip,
      enrolmentId: courseEnrolments.id,
      sectionCount,
    })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .leftJoin(
      courseEnrolments,
      and(eq(courseEnrolments.courseId, courseSections.courseId), eq(courseEnrolments.studentId, sql.placeholder('studentId'))),
    )
    .where(eq(courseSections.id, sql.placeholder('sectionId')))
    .limit(1)
    .prepare('study_section_access'),
)
export type SectionAccess = NonNullable<Awaited<ReturnType<ReturnType<typeof sectionAccessQuery>['execute']>>[number]>

/** A live class with its course and the student's enrolment and attendance. */
const liveAccessColumns = {
  id: liveSessions.id,
  courseId: liveSessions.courseId,
  title: liveSessions.title,
  teacher: liveSessions.teacher,
  startsAt: liveSessions.startsAt,
  endsAt: liveSessions.endsAt,
  roomUrl: liveSessions.roomUrl,
  playbackKey: liveSessions.playbackKey,
  playbackDuration: liveSessions.playbackDuration,
  courseTitle: courses.title,
  noSkip: courses.noSkip,
  enrolmentId: courseEnrolments.id,
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

/** The heartbeat's read, as the driver gives it (times as epoch milliseconds: both drivers agree on float8). */
interface ReportReadRow {
  course_id: number
  kind: string
  trial: boolean
  duration: number
  course_status: string
  no_skip: boolean
  enrolment_id: number | null
  section_count: number
  finished_count: number
  position_ms: number | null
  furthest_ms: number | null
  watched_ms: number | null
  finished_ms: number | null
  last_report_ms: number | null
}

export type ProgressRow = typeof sectionProgress.$inferSelect
export type AttendanceRow = typeof liveAttendance.$inferSelect

export function createStudyRepository({ db }: { db: Executor }) {
  return {
    async sectionAccess({ studentId, sectionId }: { studentId: number; sectionId: number }): Promise<SectionAccess | undefined> {
      const [row] = await sectionAccessQuery(db).execute({ studentId, sectionId })
      return row
    },

    /**
     * The heartbeat's reads, after taking the clock lock (so the progress is the one the last
     * report committed): the section, its course, the student's enrolment and progress on it.
     * Plain SQL like recordReport: the heartbeat is the hot call, and building these statements
     * with the query builder cost more than running them.
     */
    async sectionForReport({ studentId, sectionId }: { studentId: number; sectionId: number }) {
      const result = (await db.execute(sql`
        select s.course_id, s.kind, s.trial, s.duration, c.status as course_status, c.no_skip, e.id as enrolment_id,
          (select count(*)::int from course_sections x where x.course_id = s.course_id) as section_count,
          (select count(*)::int from section_progress f
            where f.course_id = s.course_id and f.student_id = ${studentId} and f.finished_at is not null) as finished_count,
          p.position_ms, p.furthest_ms, p.watched_ms,
          (extract(epoch from p.finished_at) * 1000)::float8 as finished_ms,
          (extract(epoch from p.last_report_at) * 1000)::float8 as last_report_ms
        from course_sections s
        join courses c on c.id = s.course_id
        left join course_enrolments e on e.course_id = s.course_id and e.student_id = ${studentId}
        left join section_progress p on p.student_id = ${studentId} and p.section_id = s.id
        where s.id = ${sectionId}`)) as unknown as { rows: ReportReadRow[] }
      const r = result.rows[0]
      if (!r) return undefined
      const at = (ms: number | null) => (ms === null ? null : new Date(ms))
      return {
        courseId: r.course_id,
        kind: r.kind,
        trial: r.trial,
        duration: r.duration,
        courseStatus: r.course_status,
        noSkip: r.no_skip,
        enrolmentId: r.enrolment_id,
        sectionCount: r.section_count,
        finishedCount: r.finished_count,
        progress:
          r.position_ms === null
            ? null
            : {
                positionMs: r.position_ms,
                furthestMs: r.furthest_ms!,
                watchedMs: r.watched_ms!,
                finishedAt: at(r.finished_ms),
                lastReportAt: at(r.last_report_ms),
              },
      }
    },

    /**
     * Everything a heartbeat writes, in one statement (one round trip: a heartbeat is the hot call):
     * the section's progress (furthest and watched never decrease, a finish time stays), the day's
     * study time, the enrolment (last section and time, and its finished count, as counted under
     * the lock) and the clock (its report time never goes back; the current course).
     */
    async recordReport(v: {
      studentId: number
      sectionId: number
      courseId: number
      enrolmentId: number | null
      positionMs: number
      furthestMs: number
      watchedMs: number
      finishedAt: Date | null
      addedMs: number
      day: string
      /** The course's finished sections with this report. */
      finished: number
      now: Date
    }): Promise<{ dayMs: number | null }> {
      const now = sql`${v.now.toISOString()}::timestamptz`
      const enrolled = v.enrolmentId !== null
      const result = (await db.execute(sql`
        with progress as (
          insert into section_progress as p
            (student_id, section_id, course_id, position_ms, furthest_ms, watched_ms, finished_at, last_report_at, updated_at)
          values (${v.studentId}, ${v.sectionId}, ${v.courseId}, ${v.positionMs}, ${v.furthestMs}, ${v.watchedMs},
            ${v.finishedAt?.toISOString() ?? null}::timestamptz, ${now}, ${now})
          on conflict (student_id, section_id) do update set
            position_ms = excluded.position_ms,
            furthest_ms = greatest(p.furthest_ms, excluded.furthest_ms),
            watched_ms = greatest(p.watched_ms, excluded.watched_ms),
            finished_at = coalesce(p.finished_at, excluded.finished_at),
            last_report_at = greatest(p.last_report_at, excluded.last_report_at),
            updated_at = excluded.updated_at
          returning 1
        ), day as (
          insert into study_days as d (student_id, day, ms)
          select ${v.studentId}, ${v.day}::date, ${v.addedMs}::int where ${v.addedMs}::int > 0
          on conflict (student_id, day) do update set ms = d.ms + excluded.ms
          returning d.ms
        ), enrolment as (
          update course_enrolments e set
            last_section_id = ${v.sectionId},
            last_studied_at = greatest(e.last_studied_at, ${now}),
            finished = ${v.finished},
            updated_at = ${now}
          where e.id = ${v.enrolmentId}::int
          returning 1
        ), clock as (
          update study_clocks c set
            last_report_at = greatest(c.last_report_at, ${now}),
            current_course_id = case when ${enrolled}::boolean then ${v.courseId}::int else c.current_course_id end,
            current_section_id = case when ${enrolled}::boolean then ${v.sectionId}::int else c.current_section_id end,
            current_at = case when ${enrolled}::boolean then ${now} else c.current_at end,
            updated_at = ${now}
          where c.student_id = ${v.studentId}
          returning 1
        )
        -- Data-modifying CTEs all run, read or not; the day's study time after this report (null: nothing added).
        select (select ms from day) as day_ms`)) as unknown as { rows: Array<{ day_ms: number | null }> }
      return { dayMs: result.rows[0]?.day_ms ?? null }
    },

    /**
     * Locks the student's clock row for this transaction (creating it on the first report): all
     * of a student's reports, from any device or process, take turns here. Returns its last report.
     */
    async lockClock({ studentId }: { studentId: number }): Promise<{ lastReportAt: Date | null }> {
      const read = async () =>
        (
          (await db.execute(sql`
            select (extract(epoch from last_report_at) * 1000)::float8 as last_report_ms
            from study_clocks where student_id = ${studentId} for update`)) as unknown as { rows: Array<{ last_report_ms: number | null }> }
        ).rows[0]
      let row = await read()
      if (!row) {
        await db.insert(studyClocks).values({ studentId }).onConflictDoNothing()
        row = await read()
      }
      return { lastReportAt: row?.last_report_ms == null ? null : new Date(row.last_report_ms) }
    },

    /** The clock moves to `now` (never back: a report that waited for the lock may carry an earlier time). */
    async tickClock({
      studentId,
      now,
      current,
    }: {
      studentId: number
      now: Date
      current?: { courseId: number; sectionId: number | null }
    }) {
      await db
        .update(studyClocks)
        .set({
          lastReportAt: sql`greatest(${studyClocks.lastReportAt}, ${now.toISOString()}::timestamptz)`,
          ...(current ? { currentCourseId: current.courseId, currentSectionId: current.sectionId, currentAt: now } : {}),
          updatedAt: now,
        })
        .where(eq(studyClocks.studentId, studentId))
    },

    async clock({ studentId }: { studentId: number }) {
      const [row] = await db.select().from(studyClocks).where(eq(studyClocks.studentId, studentId)).limit(1)
      return row
    },

    /** The current course picked (or studied) now, without touching the clock's report time. */
    async setCurrent({
      studentId,
      courseId,
      sectionId,
      now,
    }: {
      studentId: number
      courseId: number
      sectionId: number | null
      now: Date
    }) {
      await db
        .insert(studyClocks)
        .values({ studentId, currentCourseId: courseId, currentSectionId: sectionId, currentAt: now })
        .onConflictDoUpdate({
          target: studyClocks.studentId,
          set: { currentCourseId: courseId, currentSectionId: sectionId, currentAt: now, updatedAt: now },
        })
    },

    async progress({ studentId, sectionId }: { studentId: number; sectionId: number }): Promise<ProgressRow | undefined> {
      const [row] = await db
        .select()
        .from(sectionProgress)
        .where(and(eq(sectionProgress.studentId, studentId), eq(sectionProgress.sectionId, sectionId)))
        .limit(1)
      return row
    },

    /** Marks sections finished (documents opened, a live class attended or its playback watched); returns how many were newly finished. */
    async finishSections({
      studentId,
      sections,
      now,
    }: {
      studentId: number
      sections: Array<{ id: number; courseId: number }>
      now: Date
    }) {
      if (sections.length === 0) return 0
      const sp = sectionProgress
      const rows = await db
        .insert(sp)
        .values(sections.map((s) => ({ studentId, sectionId: s.id, courseId: s.courseId, finishedAt: now, updatedAt: now })))
        .onConflictDoUpdate({
          target: [sp.studentId, sp.sectionId],
          set: { finishedAt: now, updatedAt: now },
          setWhere: sql`${sp.finishedAt} is null`,
        })
        .returning({ id: sp.sectionId })
      return rows.length
    },

    /**
     * The enrolment studied now: its last section and time, and (when a section was finished)
     * its finished count recounted from the progress rows, so it always equals them.
     */
    async touchEnrolment({
      enrolmentId,
      studentId,
      courseId,
      sectionId,
      recount,
      now,
    }: {
      enrolmentId: number
      studentId: number
      courseId: number
      sectionId: number | null
      recount: boolean
      now: Date
    }): Promise<number> {
      const finished = recount
        ? sql`(select count(*) from ${sectionProgress} where ${sectionProgress.courseId} = ${courseId}
              and ${sectionProgress.studentId} = ${studentId} and ${sectionProgress.finishedAt} is not null)::int`
        : undefined
      const [row] = await db
        .update(courseEnrolments)
        .set({
          ...(sectionId !== null ? { lastSectionId: sectionId } : {}),
          lastStudiedAt: sql`greatest(${courseEnrolments.lastStudiedAt}, ${now.toISOString()}::timestamptz)`,
          ...(finished ? { finished } : {}),
          updatedAt: now,
        })
        .where(eq(courseEnrolments.id, enrolmentId))
        .returning({ finished: courseEnrolments.finished })
      return row?.finished ?? 0
    },

    /** Credited study time goes to the student's Asia/Shanghai day. */
    async addStudyTime({ studentId, day, ms }: { studentId: number; day: string; ms: number }) {
      if (ms <= 0) return
      await db
        .insert(studyDays)
        .values({ studentId, day, ms })
        .onConflictDoUpdate({ target: [studyDays.studentId, studyDays.day], set: { ms: sql`${studyDays.ms} + excluded.ms` } })
    },

    async studyDays({ studentId, from, to }: { studentId: number; from: string; to: string }) {
      return db
        .select({ day: studyDays.day, ms: studyDays.ms })
        .from(studyDays)
        .where(and(eq(studyDays.studentId, studentId), gte(studyDays.day, from), lte(studyDays.day, to)))
        .orderBy(asc(studyDays.day))
    },

    async studyTotalMs({ studentId }: { studentId: number }): Promise<number> {
      const [row] = await db
        .select({ ms: sql<number>`coalesce(sum(${studyDays.ms}), 0)`.mapWith(Number) })
        .from(studyDays)
        .where(eq(studyDays.studentId, studentId))
      return row?.ms ?? 0
    },

    /** The sections of a course in reading order (chapters, then sections), for prev/next. */
    async courseOutline({ courseId }: { courseId: number }) {
      return db
        .select({ id: courseSections.id, chapterId: courseSections.chapterId, chapterTitle: courseChapters.title })
        .from(courseSections)
        .innerJoin(courseChapters, eq(courseChapters.id, courseSections.chapterId))
        .where(eq(courseSections.courseId, courseId))
        .orderBy(asc(courseChapters.sort), asc(courseChapters.id), asc(courseSections.sort), asc(courseSections.id))
    },

    /** The student's courses: last studied first, then newest joined. */
    async myCourses({ studentId, type, page, size }: { studentId: number; type?: string; page: number; size: number }) {
      const where = and(eq(courseEnrolments.studentId, studentId), type ? eq(courses.type, type) : undefined)
      const rows = await db
        .select(myCourseColumns)
        .from(courseEnrolments)
        .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
        .leftJoin(courseSections, eq(courseSections.id, courseEnrolments.lastSectionId))
        .where(where)
        .orderBy(sql`${courseEnrolments.lastStudiedAt} desc nulls last`, desc(courseEnrolments.createdAt), desc(courseEnrolments.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(courseEnrolments)
        .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
        .where(where)
      return { rows, total: total?.n ?? 0 }
    },

    /** One of the student's enrolments, with what the current-course card shows. */
    async enrolment({ studentId, courseId }: { studentId: number; courseId: number }) {
      const [row] = await db
        .select(myCourseColumns)
        .from(courseEnrolments)
        .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
        .leftJoin(courseSections, eq(courseSections.id, courseEnrolments.lastSectionId))
        .where(and(eq(courseEnrolments.studentId, studentId), eq(courseEnrolments.courseId, courseId)))
        .limit(1)
      return row
    },

    /** The course the student studied last (the current course when none was set). */
    async lastStudied({ studentId }: { studentId: number }) {
      const [row] = await db
        .select(myCourseColumns)
        .from(courseEnrolments)
        .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
        .leftJoin(courseSections, eq(courseSections.id, courseEnrolments.lastSectionId))
        .where(and(eq(courseEnrolments.studentId, studentId), isNotNull(courseEnrolments.lastStudiedAt)))
        .orderBy(desc(courseEnrolments.lastStudiedAt))
        .limit(1)
      return row
    },

    // ---- live classes ----

    /** A live class of a course the student joined, with their attendance; undefined otherwise ("not yours" is "not found"). */
    async liveForStudent({ studentId, liveId }: { studentId: number; liveId: number }) {
      const [row] = await db
        .select({ ...liveAccessColumns, attendance: liveAttendanceColumns })
        .from(liveSessions)
        .innerJoin(courses, eq(courses.id, liveSessions.courseId))
        .innerJoin(courseEnrolments, and(eq(courseEnrolments.courseId, liveSessions.courseId), eq(courseEnrolments.studentId, studentId)))
        .leftJoin(liveAttendance, and(eq(liveAttendance.liveSessionId, liveSessions.id), eq(liveAttendance.studentId, studentId)))
        .where(eq(liveSessions.id, liveId))
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
        .select({ id: courseSections.id, courseId: courseSections.courseId })
        .from(courseSections)
        .where(eq(courseSections.liveSessionId, liveId))
    },

    /** The student's live classes between two instants (joined courses only), earliest first. */
    async liveSchedule({ studentId, from, to }: { studentId: number; from: Date; to: Date }) {
      return db
        .select({
          id: liveSessions.id,
          courseId: liveSessions.courseId,
          courseTitle: courses.title,
          title: liveSessions.title,
          teacher: liveSessions.teacher,
          startsAt: liveSessions.startsAt,
          endsAt: liveSessions.endsAt,
          playbackKey: liveSessions.playbackKey,
          playbackDuration: liveSessions.playbackDuration,
          attendance: liveAttendanceColumns,
        })
        .from(courseEnrolments)
        .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
        .innerJoin(liveSessions, and(eq(liveSessions.courseId, courseEnrolments.courseId), gte(liveSessions.startsAt, from)))
        .leftJoin(liveAttendance, and(eq(liveAttendance.liveSessionId, liveSessions.id), eq(liveAttendance.studentId, studentId)))
        .where(and(eq(courseEnrolments.studentId, studentId), sql`${liveSessions.startsAt} < ${to.toISOString()}::timestamptz`))
        .orderBy(asc(liveSessions.startsAt), asc(liveSessions.id))
        .limit(500)
    },

    /**
     * Claims the live classes starting within `beforeMs` of `now` whose reminder has not gone out:
     * one UPDATE, so of several processes running the job at once each class goes to one of them.
     */
    async claimReminders({ now, beforeMs }: { now: Date; beforeMs: number }) {
      const until = new Date(now.getTime() + beforeMs)
      return db
        .update(liveSessions)
        .set({ remindedAt: now })
        .where(
          and(
            sql`${liveSessions.remindedAt} is null`,
            lte(liveSessions.startsAt, until),
            sql`${liveSessions.startsAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: liveSessions.id, courseId: liveSessions.courseId, title: liveSessions.title, startsAt: liveSessions.startsAt })
    },

    async courseTitle({ courseId }: { courseId: number }) {
      const [row] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId)).limit(1)
      return row?.title
    },

    /** (account_id, partner_id) of every student on a course, as a SELECT to run inside another statement. */
    courseRecipients({ courseId }: { courseId: number }): SQL {
      return db
        .select({ accountId: students.accountId, partnerId: partners.id })
        .from(courseEnrolments)
        .innerJoin(students, eq(students.id, courseEnrolments.studentId))
        .leftJoin(partners, eq(partners.accountId, students.accountId))
        .where(eq(courseEnrolments.courseId, courseId))
        .getSQL()
    },

    // ---- the office's reports ----

    async course({ courseId }: { courseId: number }) {
      const [row] = await db
        .select({ id: courses.id, title: courses.title, total: sectionCount })
        .from(courses)
        .where(eq(courses.id, courseId))
        .limit(1)
      return row
    },

    /** A course's students, newest joined first, by a part of the name, phone or student number. */
    async courseReport({ courseId, keyword, page, size }: { courseId: number; keyword?: string; page: number; size: number }) {
      const where = and(eq(courseEnrolments.courseId, courseId), keywordFilter(keyword))
      const rows = await db
        .select(reportColumns(courseId))
        .from(courseEnrolments)
        .innerJoin(students, eq(students.id, courseEnrolments.studentId))
        .where(where)
        .orderBy(desc(courseEnrolments.createdAt), desc(courseEnrolments.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(courseEnrolments)
        .innerJoin(students, eq(students.id, courseEnrolments.studentId))
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
        ? sql`(${courseEnrolments.createdAt}, ${courseEnrolments.id}) < (${last.joinedAt.toISOString()}::timestamptz, ${last.enrolmentId})`
        : undefined
      return db
        .select(reportColumns(courseId))
        .from(courseEnrolments)
        .innerJoin(students, eq(students.id, courseEnrolments.studentId))
        .where(and(eq(courseEnrolments.courseId, courseId), after))
        .orderBy(desc(courseEnrolments.createdAt), desc(courseEnrolments.id))
        .limit(limit)
    },

    async student({ studentId }: { studentId: number }) {
      const [row] = await db
        .select({ id: students.id, name: students.name, studentNo: students.studentNo })
        .from(students)
        .where(eq(students.id, studentId))
        .limit(1)
      return row
    },

    /** Every enrolment of a student (the office's student report), with the time watched on each course. */
    async enrolmentsOf({ studentId }: { studentId: number }) {
      return db
        .select({
          ...myCourseColumns,
          watchedMs: sql<number>`(select coalesce(sum(${sectionProgress.watchedMs}), 0) from ${sectionProgress}
            where ${sectionProgress.courseId} = ${courses.id} and ${sectionProgress.studentId} = ${studentId})`.mapWith(Number),
        })
        .from(courseEnrolments)
        .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
        .leftJoin(courseSections, eq(courseSections.id, courseEnrolments.lastSectionId))
        .where(eq(courseEnrolments.studentId, studentId))
        .orderBy(sql`${courseEnrolments.lastStudiedAt} desc nulls last`, desc(courseEnrolments.createdAt), desc(courseEnrolments.id))
        .limit(200)
    },

    /** Every section of the student's courses with their progress on it, in reading order. */
    async sectionsOf({ studentId }: { studentId: number }) {
      return db
        .select({
          courseId: courseSections.courseId,
          id: courseSections.id,
          title: courseSections.title,
          duration: courseSections.duration,
          watchedMs: sectionProgress.watchedMs,
          positionMs: sectionProgress.positionMs,
          finishedAt: sectionProgress.finishedAt,
        })
        .from(courseEnrolments)
        .innerJoin(courseSections, eq(courseSections.courseId, courseEnrolments.courseId))
        .innerJoin(courseChapters, eq(courseChapters.id, courseSections.chapterId))
        .leftJoin(sectionProgress, and(eq(sectionProgress.sectionId, courseSections.id), eq(sectionProgress.studentId, studentId)))
        .where(eq(courseEnrolments.studentId, studentId))
        .orderBy(asc(courseChapters.sort), asc(courseChapters.id), asc(courseSections.sort), asc(courseSections.id))
        .limit(5000)
    },

    /** The live classes of the student's courses that have started, latest first, with their attendance. */
    async liveHistory({ studentId, now }: { studentId: number; now: Date }) {
      return db
        .select({
          id: liveSessions.id,
          title: liveSessions.title,
          startsAt: liveSessions.startsAt,
          liveMs: liveAttendance.liveMs,
          attendedAt: liveAttendance.attendedAt,
        })
        .from(courseEnrolments)
        .innerJoin(liveSessions, eq(liveSessions.courseId, courseEnrolments.courseId))
        .leftJoin(liveAttendance, and(eq(liveAttendance.liveSessionId, liveSessions.id), eq(liveAttendance.studentId, studentId)))
        .where(and(eq(courseEnrolments.studentId, studentId), lte(liveSessions.startsAt, now)))
        .orderBy(desc(liveSessions.startsAt), desc(liveSessions.id))
        .limit(200)
    },
  }
}

const myCourseColumns = {
  courseId: courses.id,
  title: courses.title,
  coverKey: courses.coverKey,
  type: courses.type,
  source: courseEnrolments.source,
  finished: finishedCount,
  total: sectionCount,
  lastSectionId: courseEnrolments.lastSectionId,
  lastSectionTitle: courseSections.title,
  lastStudiedAt: courseEnrolments.lastStudiedAt,
  joinedAt: courseEnrolments.createdAt,
}

function reportColumns(courseId: number) {
  return {
    enrolmentId: courseEnrolments.id,
    studentId: students.id,
    name: students.name,
    phone: students.phone,
    studentNo: students.studentNo,
    source: courseEnrolments.source,
    finished: finishedCount,
    watchedMs: sql<number>`(select coalesce(sum(${sectionProgress.watchedMs}), 0) from ${sectionProgress}
      where ${sectionProgress.courseId} = ${courseId} and ${sectionProgress.studentId} = ${students.id})`.mapWith(Number),
    lastStudiedAt: courseEnrolments.lastStudiedAt,
    joinedAt: courseEnrolments.createdAt,
  }
}
type StudyRepository = ReturnType<typeof createStudyRepository>
export type MyCourseRow = NonNullable<Awaited<ReturnType<StudyRepository['enrolment']>>>
export type CourseReportRow = Awaited<ReturnType<StudyRepository['courseReport']>>['rows'][number]

function keywordFilter(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined
  return personKeyword(keyword, { text: [students.name, students.studentNo], phones: [students.phone] })
}
