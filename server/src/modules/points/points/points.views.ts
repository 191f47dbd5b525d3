// Read-only views of the points module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { goodOrders } from './points.table.ts'

const qb = new QueryBuilder()

export const goodOrdersView = qb.select(getTableColumns(goodOrders)).from(goodOrders).as('good_orders')
