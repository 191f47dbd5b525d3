import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../../db/columns.ts'
import { admins } from '../../platform/admins/admins.table.ts'
import { departments } from '../../platform/departments/departments.table.ts'

/**
 * A month's enrolment target (招生目标), either of one teacher or of one department: how many
 * clues to follow up and how many deals to close in that Beijing calendar month.
 */
export const enrollTargets = pgTable(
  'enroll_targets',
  {
    id: id(),
    /** yyyy-mm, a Beijing (Asia/Shanghai) calendar month. */
    month: text('month').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'cascade' }),
    followTarget: integer('follow_target').notNull().default(0),
    dealTarget: integer('deal_target').notNull().default(0),
    /** Who set it last (admins.id). */
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('enroll_targets_one_owner', sql`(${t.adminId} IS NULL) <> (${t.departmentId} IS NULL)`),
    check('enroll_targets_month_format', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('enroll_targets_nonnegative', sql`${t.followTarget} >= 0 AND ${t.dealTarget} >= 0`),
    uniqueIndex('enroll_targets_month_admin_uq')
      .on(t.month, t.adminId)
      .where(sql`admin_id IS NOT NULL`),
    uniqueIndex('enroll_targets_month_department_uq')
      .on(t.month, t.departmentId)
      .where(sql`department_id IS NOT NULL`),
  ],
)
