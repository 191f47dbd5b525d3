// Read-only views of the orders module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { orderItems, orders } from './orders.table.ts'

const qb = new QueryBuilder()

export const orderItemsView = qb.select(getTableColumns(orderItems)).from(orderItems).as('order_items')
export const ordersView = qb.select(getTableColumns(orders)).from(orders).as('orders')
