import { and, asc, count, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { ProductStatus, SectionKind } from '../../../wire.ts'
import { columnsOf } from '../../../db/views.ts'
import { namedStatement, preparedPerDb } from '../../../db/prepared.ts'
import { courseChaptersView, courseEnrolmentsView, coursesView, courseSectionsView, touchEnrolment } from '../courses/index.ts'
import { sectionProgress, studyClocks, studyDays } from './study.table.ts'
import { myCourseColumns, sectionCount } from './study.columns.ts'

/** A section with its course and the student's enrolment (if any): what the player's calls check first. */
const sectionAccessQuery = preparedPerDb((db) =>
  db
    .select({
      id: courseSectionsView.id,
      courseId: courseSectionsView.courseId,
      chapterId: courseSectionsView.chapterId,
      title: courseSectionsView.title,
      kind: courseSectionsView.kind,
      trial: courseSectionsView.trial,
      duration: courseSectionsView.duration,
      mediaKey: courseSectionsView.mediaKey,
      fileName: courseSectionsView.fileName,
      liveSessionId: courseSectionsView.liveSessionId,
      courseTitle: coursesView.title,
      courseStatus: coursesView.status,
      noSkip: coursesView.noSkip,
      enrolmentId: courseEnrolmentsView.id,
      sectionCount,
    })
    .from(courseSectionsView)
    .innerJoin(coursesView, eq(coursesView.id, courseSectionsView.courseId))
    .leftJoin(
      courseEnrolmentsView,
      and(eq(courseEnrolmentsView.courseId, courseSectionsView.courseId), eq(courseEnrolmentsView.studentId, sql.placeholder('studentId'))),
    )
    .where(eq(courseSectionsView.id, sql.placeholder('sectionId')))
    .limit(1)
    .prepare('study_section_access'),
)
export type SectionAccess = NonNullable<Awaited<ReturnType<ReturnType<typeof sectionAccessQuery>['execute']>>[number]>

/**
 * The heartbeat's read, one statement and one snapshot: the section, its course, the student's
 * enrolment, progress and clock (with the clock row's version, `xmin`, which every write of the
 * clock changes) and the day's study time so far. Times as epoch milliseconds (both drivers agree
 * on float8). A named statement: the heartbeat is the hot call, parsed and planned once per connection.
 */
const reportStateStatement = namedStatement<{
  course_id: number
  kind: string
  trial: boolean
  duration: number
  course_status: string
  no_skip: boolean
  enrolment_id: number | null
  position_ms: number | null
  furthest_ms: number | null
  watched_ms: number | null
  finished_ms: number | null
  last_report_ms: number | null
  clock_version: string | null
  clock_report_ms: number | null
  day_ms: number
}>(
  'study_report_state',
  sql`
    select s.course_id, s.kind, s.trial, s.duration, c.status as course_status, c.no_skip, e.id as enrolment_id,
      p.position_ms, p.furthest_ms, p.watched_ms,
      (extract(epoch from p.finished_at) * 1000)::float8 as finished_ms,
      (extract(epoch from p.last_report_at) * 1000)::float8 as last_report_ms,
      k.xmin::text as clock_version,
      (extract(epoch from k.last_report_at) * 1000)::float8 as clock_report_ms,
      coalesce(d.ms, 0)::int as day_ms
    from course_sections s
    join courses c on c.id = s.course_id
    left join course_enrolments e on e.course_id = s.course_id and e.student_id = ${sql.placeholder('studentId')}::int
    left join section_progress p on p.student_id = ${sql.placeholder('studentId')}::int and p.section_id = s.id
    left join study_clocks k on k.student_id = ${sql.placeholder('studentId')}::int
    left join study_days d on d.student_id = ${sql.placeholder('studentId')}::int and d.day = ${sql.placeholder('day')}::date
    where s.id = ${sql.placeholder('sectionId')}::int`,
)

/**
 * Everything a heartbeat writes, in one statement, only if what the rules were applied to still
 * holds (compare and set): the student's clock is the version the rules saw (a report from another
 * device or process, a live class, a pick of the current course in between all write the clock,
 * and so do all writers of a video's progress and of study time), and the section, its course and
 * the student's access to it are as they were (a video of that length and noSkip rule, the same
 * enrolment, or a trial section of a listed course). Otherwise it writes nothing and the caller
 * reads again. The clock (its report time never goes back; the current course and section when the
 * report credited time), the section's progress (furthest and watched never decrease, a finish
 * time stays), the day's study time, and the enrolment (its last section when the report credited
 * time, its last studied time then or on any report on that section, its finished count counted
 * here). Answers the clock's new version (null: nothing written), the course's finished sections
 * and its section count.
 */
const recordReportStatement = namedStatement<{ version: string | null; finished: number; section_count: number }>(
  'study_record_report',
  sql`
    with access as (
      select 1 from course_sections s
      join courses c on c.id = s.course_id
      left join course_enrolments e on e.course_id = s.course_id and e.student_id = ${sql.placeholder('studentId')}::int
      where s.id = ${sql.placeholder('sectionId')}::int and s.kind = ${SectionKind.video}
        and s.duration = ${sql.placeholder('duration')}::int and c.no_skip = ${sql.placeholder('noSkip')}::boolean
        and e.id is not distinct from ${sql.placeholder('enrolmentId')}::int
        and (e.id is not null or (c.status = ${ProductStatus.listed} and s.trial))
    ), clock as (
      insert into study_clocks as c (student_id, last_report_at, current_course_id, current_section_id, current_at, updated_at)
      select ${sql.placeholder('studentId')}::int, ${sql.placeholder('now')}::timestamptz,
        case when ${sql.placeholder('current')}::boolean then ${sql.placeholder('courseId')}::int end,
        case when ${sql.placeholder('current')}::boolean then ${sql.placeholder('sectionId')}::int end,
        case when ${sql.placeholder('current')}::boolean then ${sql.placeholder('now')}::timestamptz end,
        ${sql.placeholder('now')}::timestamptz
      where exists (select from access)
      on conflict (student_id) do update set
        last_report_at = greatest(c.last_report_at, excluded.last_report_at),
        current_course_id = case when ${sql.placeholder('current')}::boolean then excluded.current_course_id else c.current_course_id end,
        current_section_id = case when ${sql.placeholder('current')}::boolean then excluded.current_section_id else c.current_section_id end,
        current_at = case when ${sql.placeholder('current')}::boolean then excluded.current_at else c.current_at end,
        updated_at = excluded.updated_at
      where c.xmin = ${sql.placeholder('clockVersion')}::xid
      returning c.xmin::text as version
    ), progress as (
      insert into section_progress as p
        (student_id, section_id, course_id, position_ms, furthest_ms, watched_ms, finished_at, last_report_at, updated_at)
      select ${sql.placeholder('studentId')}::int, ${sql.placeholder('sectionId')}::int, ${sql.placeholder('courseId')}::int,
        ${sql.placeholder('positionMs')}::int, ${sql.placeholder('furthestMs')}::int, ${sql.placeholder('watchedMs')}::int,
        ${sql.placeholder('finishedAt')}::timestamptz, ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('now')}::timestamptz
      where exists (select from clock)
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
      select ${sql.placeholder('studentId')}::int, ${sql.placeholder('day')}::date, ${sql.placeholder('addedMs')}::int
      where ${sql.placeholder('addedMs')}::int > 0 and exists (select from clock)
      on conflict (student_id, day) do update set ms = d.ms + excluded.ms
      returning 1
    ), counted as (
      -- The course's finished sections with this report (the statement sees the rows before its own writes).
      select (select count(*) from section_progress f
        where f.course_id = ${sql.placeholder('courseId')}::int and f.student_id = ${sql.placeholder('studentId')}::int
          and f.finished_at is not null and f.section_id <> ${sql.placeholder('sectionId')}::int)::int
        + case when ${sql.placeholder('finishedAt')}::timestamptz is not null then 1 else 0 end as n
    ), enrolment as (
      update course_enrolments e set
        last_section_id = case when ${sql.placeholder('current')}::boolean then ${sql.placeholder('sectionId')}::int else e.last_section_id end,
        last_studied_at = case when ${sql.placeholder('current')}::boolean or e.last_section_id = ${sql.placeholder('sectionId')}::int
          then greatest(e.last_studied_at, ${sql.placeholder('now')}::timestamptz) else e.last_studied_at end,
        finished = counted.n,
        updated_at = ${sql.placeholder('now')}::timestamptz
      from counted
      where e.id = ${sql.placeholder('enrolmentId')}::int
        and (${sql.placeholder('current')}::boolean or e.last_section_id = ${sql.placeholder('sectionId')}::int or e.finished <> counted.n)
        and exists (select from clock)
      returning 1
    )
    -- Data-modifying CTEs all run, read or not.
    select (select version from clock) as version, (select n from counted) as finished,
      (select count(*)::int from course_sections x where x.course_id = ${sql.placeholder('courseId')}::int) as section_count`,
)

export type ProgressRow = typeof sectionProgress.$inferSelect

/** The player's reads and writes: section access, progress, the clock, study time, my courses and the current course. */
export function createStudyProgressRepository({ db }: { db: Executor }) {
  return {
    /** The sections of a course in order, with one student's progress on each (none: 0 / not finished): one SELECT. */
    async sectionsWithProgress({ courseId, studentId }: { courseId: number; studentId: number }) {
      return db
        .select({
          section: columnsOf(courseSectionsView),
          positionMs: sql<number>`coalesce(${sectionProgress.positionMs}, 0)`.mapWith(Number),
          finished: sql<boolean>`(${sectionProgress.finishedAt} is not null)`.mapWith(Boolean),
        })
        .from(courseSectionsView)
        .innerJoin(courseChaptersView, eq(courseChaptersView.id, courseSectionsView.chapterId))
        .leftJoin(sectionProgress, and(eq(sectionProgress.sectionId, courseSectionsView.id), eq(sectionProgress.studentId, studentId)))
        .where(eq(courseSectionsView.courseId, courseId))
        .orderBy(asc(courseChaptersView.sort), asc(courseChaptersView.id), asc(courseSectionsView.sort), asc(courseSectionsView.id))
    },

    async sectionAccess({ studentId, sectionId }: { studentId: number; sectionId: number }): Promise<SectionAccess | undefined> {
      const [row] = await sectionAccessQuery(db).execute({ studentId, sectionId })
      return row
    },

    /** The heartbeat's read (see reportStateStatement); undefined: no such section. */
    async reportState({ studentId, sectionId, day }: { studentId: number; sectionId: number; day: string }) {
      const [r] = await reportStateStatement(db, { studentId, sectionId, day })
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
        clock: { version: r.clock_version, lastReportAt: at(r.clock_report_ms) },
        dayMs: r.day_ms,
      }
    },

    /**
     * The heartbeat's write (see recordReportStatement): undefined when the clock moved since
     * `clockVersion` was read, or the section, its course or the access changed.
     */
    async recordReport(v: {
      studentId: number
      sectionId: number
      courseId: number
      enrolmentId: number | null
      /** What the rules were applied to: the section's length and the course's noSkip rule. */
      duration: number
      noSkip: boolean
      positionMs: number
      furthestMs: number
      watchedMs: number
      finishedAt: Date | null
      addedMs: number
      day: string
      /** This report makes the section the student's current one (it credited time). */
      current: boolean
      clockVersion: string | null
      now: Date
    }): Promise<{ clockVersion: string; finished: number; sectionCount: number } | undefined> {
      const [row] = await recordReportStatement(db, {
        ...v,
        current: v.current && v.enrolmentId !== null,
        finishedAt: v.finishedAt?.toISOString() ?? null,
        now: v.now.toISOString(),
      })
      if (!row?.version) return undefined
      return { clockVersion: row.version, finished: row.finished, sectionCount: row.section_count }
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
      return touchEnrolment({ db, enrolmentId, sectionId, finished, now })
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
        .select({ id: courseSectionsView.id, chapterId: courseSectionsView.chapterId, chapterTitle: courseChaptersView.title })
        .from(courseSectionsView)
        .innerJoin(courseChaptersView, eq(courseChaptersView.id, courseSectionsView.chapterId))
        .where(eq(courseSectionsView.courseId, courseId))
        .orderBy(asc(courseChaptersView.sort), asc(courseChaptersView.id), asc(courseSectionsView.sort), asc(courseSectionsView.id))
    },

    /** The student's courses: last studied first, then newest joined. */
    async myCourses({ studentId, type, page, size }: { studentId: number; type?: string; page: number; size: number }) {
      const where = and(eq(courseEnrolmentsView.studentId, studentId), type ? eq(coursesView.type, type) : undefined)
      const rows = await db
        .select(myCourseColumns)
        .from(courseEnrolmentsView)
        .innerJoin(coursesView, eq(coursesView.id, courseEnrolmentsView.courseId))
        .leftJoin(courseSectionsView, eq(courseSectionsView.id, courseEnrolmentsView.lastSectionId))
        .where(where)
        .orderBy(
          sql`${courseEnrolmentsView.lastStudiedAt} desc nulls last`,
          desc(courseEnrolmentsView.createdAt),
          desc(courseEnrolmentsView.id),
        )
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(courseEnrolmentsView)
        .innerJoin(coursesView, eq(coursesView.id, courseEnrolmentsView.courseId))
        .where(where)
      return { rows, total: total?.n ?? 0 }
    },

    /** One of the student's enrolments, with what the current-course card shows. */
    async enrolment({ studentId, courseId }: { studentId: number; courseId: number }) {
      const [row] = await db
        .select(myCourseColumns)
        .from(courseEnrolmentsView)
        .innerJoin(coursesView, eq(coursesView.id, courseEnrolmentsView.courseId))
        .leftJoin(courseSectionsView, eq(courseSectionsView.id, courseEnrolmentsView.lastSectionId))
        .where(and(eq(courseEnrolmentsView.studentId, studentId), eq(courseEnrolmentsView.courseId, courseId)))
        .limit(1)
      return row
    },

    /** The course the student studied last (the current course when none was set). */
    async lastStudied({ studentId }: { studentId: number }) {
      const [row] = await db
        .select(myCourseColumns)
        .from(courseEnrolmentsView)
        .innerJoin(coursesView, eq(coursesView.id, courseEnrolmentsView.courseId))
        .leftJoin(courseSectionsView, eq(courseSectionsView.id, courseEnrolmentsView.lastSectionId))
        .where(and(eq(courseEnrolmentsView.studentId, studentId), isNotNull(courseEnrolmentsView.lastStudiedAt)))
        .orderBy(desc(courseEnrolmentsView.lastStudiedAt))
        .limit(1)
      return row
    },
  }
}
