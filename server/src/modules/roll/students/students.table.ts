import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { accounts } from '../../platform/accounts/accounts.table.ts'

/**
 * A student profile and its school roll (学籍), registered by the office. The phone is the one
 * the student signs in with; the database links the profile to the account of that phone on
 * every insert and phone change (trigger students_account, migration 0010), like a partner's.
 * The ID number is kept whole here and leaves the server only masked.
 */
export const students = pgTable(
  'students',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .default(0)
      .unique()
      .references(() => accounts.id),
    phone: text('phone').notNull().unique(),
    name: text('name').notNull(),
    idCard: text('id_card'),
    gender: text('gender'),
    /** EducationType label (成人高考, 自学考试…). */
    educationType: text('education_type').notNull(),
    school: text('school').notNull(),
    major: text('major').notNull(),
    /** StudentLevel label (专科 / 本科). */
    level: text('level').notNull(),
    /** What the deal or the office calls the programme (专升本, 高起专…); free text. */
    programme: text('programme'),
    /** A "parent-child" value of the discipline category tree, or null. */
    discipline: text('discipline'),
    /** 2015-2030. */
    batchYear: integer('batch_year').notNull(),
    /** 1-20 (1期-20期). */
    batch: integer('batch').notNull(),
    studentNo: text('student_no').unique(),
    /** StudentStatus label (在读, 休学, 退学, 毕业). */
    status: text('status').notNull(),
    remark: text('remark'),
    /** The clue whose deal this student came from (转为学员), if any. */
    clueId: integer('clue_id').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('students_created_idx').on(t.createdAt, t.id),
    index('students_batch_idx').on(t.batchYear, t.batch, t.createdAt, t.id),
    index('students_school_major_idx').on(t.school, t.major, t.level),
    index('students_status_idx').on(t.status, t.createdAt, t.id),
    // An ID number belongs to one person: unique, compared trimmed and upper-cased (a final x or X).
    // Migration 0022 builds it only where no two students share a number yet; until then the
    // server reports them at start (ensureUniqueIdCards) and the writes refuse a number held already.
    uniqueIndex('students_id_card_uq')
      .on(sql`upper(btrim(id_card))`)
      .where(sql`id_card is not null and btrim(id_card) <> ''`),
  ],
)

/** The roll's status history: one row per change (the first: registration), append-only. */
export const studentStatusHistory = pgTable(
  'student_status_history',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** Null for the registration itself. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    /** The operator (admins.id, no FK: history outlives operators) and their name then. */
    adminId: integer('admin_id'),
    adminName: text('admin_name'),
    createdAt: createdAt(),
  },
  (t) => [index('student_status_history_student_idx').on(t.studentId, t.createdAt, t.id)],
)

/**
 * A student's request to correct a field of their roll (学籍变更申请, the specification's
 * schoolRollInfoModify): pending until the office approves (the change applies in the same
 * transaction) or refuses it with a reason. At most one pending request per student and field.
 */
export const rollModifyRequests = pgTable(
  'roll_modify_requests',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** RollField key: name, idCard, phone. */
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value').notNull(),
    reason: text('reason'),
    /** RollRequestStatus label (待审核, 已通过, 已驳回). */
    status: text('status').notNull(),
    refuseReason: text('refuse_reason'),
    reviewedBy: integer('reviewed_by'),
    reviewedByName: text('reviewed_by_name'),
    reviewedAt: ts('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('roll_modify_requests_student_idx').on(t.studentId, t.createdAt, t.id),
    index('roll_modify_requests_status_idx').on(t.status, t.createdAt, t.id),
    uniqueIndex('roll_modify_requests_pending_uq')
      .on(t.studentId, t.field)
      .where(sql`status = '待审核'`),
  ],
)
