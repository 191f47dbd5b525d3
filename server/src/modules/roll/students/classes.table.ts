import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { admins } from '../../platform/admins/admins.table.ts'
import { students } from './students.table.ts'

/**
 * A class (班级): a name, the school/major/level/batch it gathers, and its head teacher (班主任,
 * an operator). A head teacher sees their classes' students unless their position says more.
 */
export const classes = pgTable(
  'classes',
  {
    id: id(),
    name: text('name').notNull().unique(),
    school: text('school').notNull(),
    major: text('major').notNull(),
    /** StudentLevel label. */
    level: text('level').notNull(),
    batchYear: integer('batch_year').notNull(),
    batch: integer('batch').notNull(),
    headTeacherId: integer('head_teacher_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('classes_head_teacher_idx').on(t.headTeacherId)],
)

/**
 * Who is in which class, with history: a membership ends (`left_at`) when the student moves or is
 * taken out; a student is in at most one class at a time (the partial unique index).
 */
export const classMembers = pgTable(
  'class_members',
  {
    id: id(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    joinedAt: createdAt(),
    leftAt: ts('left_at'),
    /** The operator who put the student in (their name then). */
    addedBy: text('added_by'),
  },
  (t) => [
    uniqueIndex('class_members_current_uq')
      .on(t.studentId)
      .where(sql`left_at IS NULL`),
    index('class_members_class_idx')
      .on(t.classId, t.studentId)
      .where(sql`left_at IS NULL`),
    index('class_members_student_idx').on(t.studentId, t.joinedAt),
  ],
)
