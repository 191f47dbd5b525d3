import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../../db/columns.ts'

/**
 * A department (部门/团队) of the office: a group of operators with a leader, the unit a team
 * target (招生目标) is set for. Operators point at it (admins.department_id).
 */
export const departments = pgTable('departments', {
  id: id(),
  name: text('name').notNull().unique(),
  /** The leader operator (admins.id, no FK: the admins table points here, and a deleted leader just leaves none). */
  leaderId: integer('leader_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
