// Read-only views of the sessions module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { sessions } from './sessions.table.ts'

const qb = new QueryBuilder()

export const sessionsView = qb.select(getTableColumns(sessions)).from(sessions).as('sessions')
