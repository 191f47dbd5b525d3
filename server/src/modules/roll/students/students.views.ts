// Read-only views of the students module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { students } from './students.table.ts'

const qb = new QueryBuilder()

export const studentsView = qb.select(getTableColumns(students)).from(students).as('students')
