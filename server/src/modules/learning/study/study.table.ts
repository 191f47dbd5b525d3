import { check, date, integer, pgTable, primaryKey, index } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { ts, updatedAt } from '../../../db/columns.ts'
import { courseSections, liveSessions } from '../courses/courses.table.ts'
import { students } from '../../roll/students/students.table.ts'

/**
 * One clock per student, locked by every heartbeat (FOR UPDATE): all of a student's devices and
 * tabs share it, so two reporting at once are credited the real time once. It also holds the
 * current course (the last studied, or the one the student picked).
 */
export const studyClocks = pgTable('study_clocks', {
  studentId: integer('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  lastReportAt: ts('last_report_at'),
  currentCourseId: integer('current_course_id'),
  currentSectionId: integer('current_section_id'),
  currentAt: ts('current_at'),
  updatedAt: updatedAt(),
})

/**
 * A student's progress on a section, owned by the server: milliseconds. watched_ms and
 * furthest_ms never decrease; position_ms is the resume point (the last report).
 */
export const sectionProgress = pgTable(
  'section_progress',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    positionMs: integer('position_ms').notNull().default(0),
    furthestMs: integer('furthest_ms').notNull().default(0),
    watchedMs: integer('watched_ms').notNull().default(0),
    finishedAt: ts('finished_at'),
    lastReportAt: ts('last_report_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.sectionId] }),
    index('section_progress_course_idx').on(t.courseId, t.studentId),
    check('section_progress_non_negative', sql`${t.positionMs} >= 0 and ${t.furthestMs} >= 0 and ${t.watchedMs} >= 0`),
  ],
)

/** Study time per student and Asia/Shanghai day: every credited millisecond of a heartbeat. */
export const studyDays = pgTable(
  'study_days',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    ms: integer('ms').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.day] }), index('study_days_day_idx').on(t.day)],
)

/** A student at a live class: time in the room while it was live (attendance), and playback progress after. */
export const liveAttendance = pgTable(
  'live_attendance',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    liveSessionId: integer('live_session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    liveMs: integer('live_ms').notNull().default(0),
    liveReportAt: ts('live_report_at'),
    attendedAt: ts('attended_at'),
    positionMs: integer('position_ms').notNull().default(0),
    furthestMs: integer('furthest_ms').notNull().default(0),
    watchedMs: integer('watched_ms').notNull().default(0),
    finishedAt: ts('finished_at'),
    lastReportAt: ts('last_report_at'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.liveSessionId] }), index('live_attendance_session_idx').on(t.liveSessionId)],
)
