// Read-only views of the students module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { eq, getTableColumns, type SQL } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Executor } from '../../../db/types.ts'
import { partnersView } from '../../partner-programme/index.ts'
import { classes, classMembers } from './classes.table.ts'
import { students } from './students.table.ts'

const qb = new QueryBuilder()

export const studentsView = qb.select(getTableColumns(students)).from(students).as('students')
export const classesView = qb.select(getTableColumns(classes)).from(classes).as('classes')
/** Who is (and was) in which class: a membership ends at `left_at`. */
export const classMembersView = qb.select(getTableColumns(classMembers)).from(classMembers).as('class_members')

/**
 * The (account_id, partner_id) messages to the students matching `where` go to, as a SELECT to run
 * inside another statement: each student's account, and their partner profile when they are one too.
 */
export function studentRecipients(db: Executor, where: SQL | undefined): SQL {
  return db
    .select({ accountId: studentsView.accountId, partnerId: partnersView.id })
    .from(studentsView)
    .leftJoin(partnersView, eq(partnersView.accountId, studentsView.accountId))
    .where(where)
    .getSQL()
}
