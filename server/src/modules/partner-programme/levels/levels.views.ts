// Read-only views of the levels module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { levels } from './levels.table.ts'

const qb = new QueryBuilder()

export const levelsView = qb.select(getTableColumns(levels)).from(levels).as('levels')
