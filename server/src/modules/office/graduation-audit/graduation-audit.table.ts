import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../../db/columns.ts'
import { students } from '../../roll/students/students.table.ts'

/**
 * A graduation audit (毕业审核) for one student batch: the graduation date its graduates get, the
 * courses every student of it must finish (their published exams must be passed too), and the
 * certificate numbers handed out so far (the next is one more).
 */
export const graduationAudits = pgTable(
  'graduation_audits',
  {
    id: id(),
    title: text('title').notNull(),
    batchYear: integer('batch_year').notNull(),
    batch: integer('batch').notNull(),
    graduationDate: date('graduation_date').notNull(),
    requiredCourseIds: integer('required_course_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    lastCertificateSeq: integer('last_certificate_seq').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('graduation_audits_batch_idx').on(t.batchYear, t.batch)],
)

/** A condition the office checks by hand (学位英语, 毕业实习…), for one programme (专升本…) or every student of the audit. */
export const graduationConditions = pgTable(
  'graduation_conditions',
  {
    id: id(),
    auditId: integer('audit_id')
      .notNull()
      .references(() => graduationAudits.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** students.programme it applies to; null: every student. */
    programme: text('programme'),
    createdAt: createdAt(),
  },
  (t) => [index('graduation_conditions_audit_idx').on(t.auditId)],
)

/** The office's mark of a manual condition for a student (no row: not met). */
export const graduationConditionMarks = pgTable(
  'graduation_condition_marks',
  {
    conditionId: integer('condition_id')
      .notNull()
      .references(() => graduationConditions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    met: boolean('met').notNull(),
    markedBy: text('marked_by').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.conditionId, t.studentId] })],
)

/**
 * A student's graduation audit request: its status is its approval's (审批中 -> 已通过 / 已驳回);
 * the checklist as it stood when submitted. At most one under audit or approved per student.
 */
export const graduationApplications = pgTable(
  'graduation_applications',
  {
    id: id(),
    auditId: integer('audit_id')
      .notNull()
      .references(() => graduationAudits.id, { onDelete: 'restrict' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    checklist: jsonb('checklist').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('graduation_applications_live_idx')
      .on(t.studentId)
      .where(sql`status in ('审批中', '已通过')`),
    index('graduation_applications_audit_idx').on(t.auditId, t.studentId),
  ],
)

/** A graduate (毕业生): created once per student, by the audit's last approval; its certificate number is unique. */
export const graduates = pgTable(
  'graduates',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .unique()
      .references(() => students.id, { onDelete: 'restrict' }),
    auditId: integer('audit_id')
      .notNull()
      .references(() => graduationAudits.id, { onDelete: 'restrict' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => graduationApplications.id, { onDelete: 'restrict' }),
    certificateNo: text('certificate_no').notNull().unique(),
    graduatedOn: date('graduated_on').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('graduates_audit_idx').on(t.auditId, t.id)],
)
