// Read-only views of the courses module's tables, for other modules' queries: they join and read these
// (one SELECT, the planner inlines the view), never the tables, and write only through the face's functions.
import { getTableColumns } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { courseChapters, courseEnrolments, courseSections, courses, liveSessions } from './courses.table.ts'

const qb = new QueryBuilder()

export const courseChaptersView = qb.select(getTableColumns(courseChapters)).from(courseChapters).as('course_chapters')
export const courseEnrolmentsView = qb.select(getTableColumns(courseEnrolments)).from(courseEnrolments).as('course_enrolments')
export const coursesView = qb.select(getTableColumns(courses)).from(courses).as('courses')
export const courseSectionsView = qb.select(getTableColumns(courseSections)).from(courseSections).as('course_sections')
export const liveSessionsView = qb.select(getTableColumns(liveSessions)).from(liveSessions).as('live_sessions')
