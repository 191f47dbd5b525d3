import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { students } from '../students/students.table.ts'

/**
 * A night class (夜校): subject, teacher, time and place, with `capacity` seats. `signed_up` counts
 * its 已报名 sign-ups and moves only in the sign-up/cancel transaction, under the class's row lock;
 * the CHECK keeps it within capacity whatever happens. `check_in_secret` signs the QR code's token
 * (rotating it voids printed codes) and the room screen's rotating codes; `fixed_code_enabled` off:
 * the printed code no longer checks anyone in, only the screen's code does.
 */
export const nightClasses = pgTable(
  'night_classes',
  {
    id: id(),
    title: text('title').notNull(),
    subject: text('subject').notNull(),
    teacher: text('teacher').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    place: text('place').notNull(),
    capacity: integer('capacity').notNull(),
    signedUp: integer('signed_up').notNull().default(0),
    description: text('description').notNull().default(''),
    checkInSecret: text('check_in_secret').notNull(),
    fixedCodeEnabled: boolean('fixed_code_enabled').notNull().default(true),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('night_classes_capacity_positive', sql`${t.capacity} > 0`),
    check('night_classes_seats', sql`${t.signedUp} >= 0 and ${t.signedUp} <= ${t.capacity}`),
    check('night_classes_time_order', sql`${t.endsAt} > ${t.startsAt}`),
    index('night_classes_starts_idx').on(t.startsAt, t.id),
  ],
)

/** A student's sign-up for a class: 已报名 or 已取消 (by the student, or by the office); one 已报名 per student and class. */
export const nightSignUps = pgTable(
  'night_sign_ups',
  {
    id: id(),
    classId: integer('class_id')
      .notNull()
      .references(() => nightClasses.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** NightSignUpStatus label. */
    status: text('status').notNull(),
    cancelledAt: ts('cancelled_at'),
    /** 'student' | 'office' */
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('night_sign_ups_active_uq')
      .on(t.classId, t.studentId)
      .where(sql`${t.status} = '已报名'`),
    index('night_sign_ups_class_idx').on(t.classId, t.id),
    index('night_sign_ups_student_idx').on(t.studentId, t.id),
  ],
)
