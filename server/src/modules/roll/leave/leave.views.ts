// A read-only view of the leave module's table, for other modules' queries (attendance reads who is
// on approved leave): they join and read it, never the table, and write only through the face.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { leaveRequests } from './leave.table.ts'

export const leaveRequestsView = new QueryBuilder().select(getTableColumns(leaveRequests)).from(leaveRequests).as('leave_requests')
