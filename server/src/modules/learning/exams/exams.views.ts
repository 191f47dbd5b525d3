// Read-only views of the exams module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { paperQuestions, papers } from './exams.table.ts'

const qb = new QueryBuilder()

export const paperQuestionsView = qb.select(getTableColumns(paperQuestions)).from(paperQuestions).as('paper_questions')
export const papersView = qb.select(getTableColumns(papers)).from(papers).as('papers')
