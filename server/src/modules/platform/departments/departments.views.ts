// Read-only views of the departments module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { departments } from './departments.table.ts'

const qb = new QueryBuilder()

export const departmentsView = qb.select(getTableColumns(departments)).from(departments).as('departments')
