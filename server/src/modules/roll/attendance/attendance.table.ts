import { sql } from 'drizzle-orm'
import { check, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { admins } from '../../platform/admins/admins.table.ts'
import { nightClasses } from '../night/night.table.ts'
import { classes } from '../students/classes.table.ts'
import { students } from '../students/students.table.ts'

/**
 * A face-to-face session (面授课次) of a class's timetable (课表): a course, its teacher, when and
 * where (a room or an online address). A night class (夜校) is a session too (`night_class_id`,
 * no class: its students are its sign-ups, its check-in the night module's rules), so its
 * attendance is records of this module. Sessions of one weekly plan share `plan_key`. A cancelled
 * session (`cancelled_at`) is no longer held: it counts nowhere. `start_slot`/`end_slot` are the
 * half-days it runs over (packages/domain leave.ts), so an approved leave holding one of them makes
 * the session 请假. `check_in_secret` keys the room screen's rotating codes; `warned_at` marks a
 * session whose end the warnings sweep has looked at.
 */
export const attendanceSessions = pgTable(
  'attendance_sessions',
  {
    id: id(),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    nightClassId: integer('night_class_id')
      .unique()
      .references(() => nightClasses.id, { onDelete: 'cascade' }),
    planKey: text('plan_key'),
    course: text('course').notNull(),
    teacherId: integer('teacher_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The teacher's name when the session was planned (kept if the operator goes). */
    teacherName: text('teacher_name').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    startSlot: integer('start_slot').notNull(),
    endSlot: integer('end_slot').notNull(),
    place: text('place').notNull().default(''),
    onlineUrl: text('online_url').notNull().default(''),
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason'),
    checkInSecret: text('check_in_secret').notNull(),
    sweptAt: ts('swept_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('attendance_sessions_time_order', sql`${t.endsAt} > ${t.startsAt}`),
    check('attendance_sessions_class_or_night', sql`(${t.classId} IS NULL) <> (${t.nightClassId} IS NULL)`),
    index('attendance_sessions_class_idx').on(t.classId, t.startsAt),
    index('attendance_sessions_teacher_idx').on(t.teacherId, t.startsAt),
    index('attendance_sessions_starts_idx').on(t.startsAt),
    // The warnings sweep's queue: ended sessions not looked at yet.
    index('attendance_sessions_unswept_idx')
      .on(t.endsAt)
      .where(sql`${t.sweptAt} IS NULL AND ${t.cancelledAt} IS NULL`),
  ],
)

/**
 * A student's attendance at a session, one per session and student (the unique index): a scan
 * (出勤/迟到 by the server's clock), a teacher's roll call (any status, audited), or an approved
 * 补卡. A session with no record reads 请假 under an approved leave, 缺勤 once it has ended.
 * Location, when the student allowed it, is a signal stored beside the scan, not proof.
 */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    id: id(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => attendanceSessions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** AttendanceStatus label. */
    status: text('status').notNull(),
    /** AttendanceWay label: 扫码签到, 老师标记, 补卡. */
    way: text('way').notNull(),
    checkedInAt: ts('checked_in_at'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracy: doublePrecision('accuracy'),
    markedById: integer('marked_by_id').references(() => admins.id, { onDelete: 'set null' }),
    markedByName: text('marked_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('attendance_records_uq').on(t.sessionId, t.studentId),
    index('attendance_records_student_idx').on(t.studentId, t.sessionId),
  ],
)

/**
 * A warning a student got once their absence rate passed a threshold (考勤预警): once per student
 * and threshold (the unique index), with the figures of that moment.
 */
export const attendanceWarnings = pgTable(
  'attendance_warnings',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    thresholdPercent: integer('threshold_percent').notNull(),
    held: integer('held').notNull(),
    absent: integer('absent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('attendance_warnings_uq').on(t.studentId, t.thresholdPercent)],
)

/** A make-up check-in (补卡) a student asked for, decided by the approval engine (kind makeUpPunch). */
export const attendanceMakeUps = pgTable(
  'attendance_make_ups',
  {
    id: id(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => attendanceSessions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** ApprovalStatus label, kept in step with the approval. */
    status: text('status').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('attendance_make_ups_student_idx').on(t.studentId, t.createdAt),
    // One request under way or approved per session and student.
    uniqueIndex('attendance_make_ups_open_uq')
      .on(t.sessionId, t.studentId)
      .where(sql`${t.status} IN ('审批中', '已通过')`),
  ],
)
