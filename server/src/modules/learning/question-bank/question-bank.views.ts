// Read-only views of the question-bank module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { questions } from './question-bank.table.ts'

const qb = new QueryBuilder()

export const questionsView = qb.select(getTableColumns(questions)).from(questions).as('questions')
