// Read-only views of the withdrawals module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { withdrawals } from './withdrawals.table.ts'

const qb = new QueryBuilder()

export const withdrawalsView = qb.select(getTableColumns(withdrawals)).from(withdrawals).as('withdrawals')
