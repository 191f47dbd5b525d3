// Read-only views of the messages module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { messages } from './messages.table.ts'

const qb = new QueryBuilder()

export const messagesView = qb.select(getTableColumns(messages)).from(messages).as('messages')
