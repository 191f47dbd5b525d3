// Read-only views of the partners module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { partners } from './partners.table.ts'

const qb = new QueryBuilder()

export const partnersView = qb.select(getTableColumns(partners)).from(partners).as('partners')
