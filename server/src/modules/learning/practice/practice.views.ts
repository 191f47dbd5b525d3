// Read-only views of the practice module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { exerciseAnswers, wrongQuestions } from './practice.table.ts'

const qb = new QueryBuilder()

export const exerciseAnswersView = qb.select(getTableColumns(exerciseAnswers)).from(exerciseAnswers).as('exercise_answers')
export const wrongQuestionsView = qb.select(getTableColumns(wrongQuestions)).from(wrongQuestions).as('wrong_questions')
