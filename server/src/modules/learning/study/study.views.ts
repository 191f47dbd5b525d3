// Read-only views of the study module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { sectionProgress, studyDays } from './study.table.ts'

const qb = new QueryBuilder()

export const sectionProgressView = qb.select(getTableColumns(sectionProgress)).from(sectionProgress).as('section_progress')
export const studyDaysView = qb.select(getTableColumns(studyDays)).from(studyDays).as('study_days')
