import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns.ts'
import { departments } from '../departments/departments.table.ts'

export const admins = pgTable('admins', {
  id: id(),
  account: text('account').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** AdminRole label: 管理员 / 财务 / 招生老师. */
  role: text('role').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** The department (部门) the operator works in, if any: whose team target their figures count towards. */
  departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
