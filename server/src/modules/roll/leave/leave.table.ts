import { sql } from 'drizzle-orm'
import { customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { students } from '../students/students.table.ts'

/** PostgreSQL's int4range, as its text (`[10,13)`): the half-days a leave holds. */
const int4range = customType<{ data: string }>({ dataType: () => 'int4range' })

/**
 * A student's leave (请假): from a half-day to a half-day (slots: two a day since 2000-01-01,
 * packages/domain leave.ts), its approval's status mirrored here. 销假 records the half-day the
 * student came back (`back_slot`): the leave then holds only the half-days before it.
 *
 * `span` is what the leave holds, and the database refuses two leaves of one student whose spans
 * overlap while both are 审批中, 已退回 or 已通过 (exclusion constraint leave_requests_no_overlap,
 * migration 0024).
 */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** LeaveType label (事假, 病假, 其他). */
    type: text('type').notNull(),
    startSlot: integer('start_slot').notNull(),
    /** The last half-day of the leave, included. */
    endSlot: integer('end_slot').notNull(),
    reason: text('reason').notNull(),
    /** Stored picture keys (a doctor's note), at most 6. */
    pictures: text('pictures').array().notNull().default([]),
    /** ApprovalStatus label, kept in step with the leave's approval. */
    status: text('status').notNull(),
    /** The operator who applied on the student's behalf (代请假) and their name then. */
    appliedByAdminId: integer('applied_by_admin_id'),
    appliedByName: text('applied_by_name'),
    /** 销假: the first half-day the student was back, and who recorded it when. */
    backSlot: integer('back_slot'),
    backRecordedBy: text('back_recorded_by'),
    backRecordedAt: ts('back_recorded_at'),
    span: int4range('span')
      .notNull()
      .generatedAlwaysAs(sql`int4range(start_slot, coalesce(back_slot, end_slot + 1))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('leave_requests_student_idx').on(t.studentId, t.startSlot), index('leave_requests_slots_idx').on(t.startSlot, t.endSlot)],
)
