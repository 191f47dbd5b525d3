// Read-only views of the admins module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { admins, positions } from './admins.table.ts'

const qb = new QueryBuilder()

export const adminsView = qb.select(getTableColumns(admins)).from(admins).as('admins')
export const positionsView = qb.select(getTableColumns(positions)).from(positions).as('positions')
