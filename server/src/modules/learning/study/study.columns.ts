import { type SQL, sql } from 'drizzle-orm'
import { courseEnrolmentsView, coursesView, courseSectionsView } from '../courses/index.ts'
import { studentsView } from '../../roll/index.ts'
import { sectionProgress } from './study.table.ts'
import { personKeyword } from '../../../lib/person-search.ts'

// The SQL pieces the study module's queries share: section and finished counts, a course card's and a
// report line's columns, the person search.

/**
 * The sections a course counts (every kind: video, document, live), for a query over `courses`.
 * Written with qualified names: drizzle leaves a column of a one-table query unqualified, and inside
 * this subquery an unqualified "id" would be the section's.
 */
export const sectionCount =
  sql<number>`(select count(*) from ${courseSectionsView} where ${sql.identifier(courseSectionsView._.alias)}.${sql.identifier(
    courseSectionsView.courseId.name,
  )} = ${sql.identifier(coursesView._.alias)}.${sql.identifier(coursesView.id.name)})`.mapWith(Number)

/**
 * A student's finished sections of a course, counted from the progress rows (a deleted section's
 * rows go with it), for a query over course_enrolments.
 */
export const finishedCount = sql<number>`(select count(*) from ${sectionProgress}
  where ${sectionProgress}.${sql.identifier(sectionProgress.courseId.name)} = ${sql.identifier(courseEnrolmentsView._.alias)}.${sql.identifier(courseEnrolmentsView.courseId.name)}
  and ${sectionProgress}.${sql.identifier(sectionProgress.studentId.name)} = ${sql.identifier(courseEnrolmentsView._.alias)}.${sql.identifier(courseEnrolmentsView.studentId.name)}
  and ${sectionProgress}.${sql.identifier(sectionProgress.finishedAt.name)} is not null)`.mapWith(Number)

export const myCourseColumns = {
  courseId: coursesView.id,
  title: coursesView.title,
  coverKey: coursesView.coverKey,
  type: coursesView.type,
  source: courseEnrolmentsView.source,
  finished: finishedCount,
  total: sectionCount,
  lastSectionId: courseEnrolmentsView.lastSectionId,
  lastSectionTitle: courseSectionsView.title,
  lastStudiedAt: courseEnrolmentsView.lastStudiedAt,
  joinedAt: courseEnrolmentsView.createdAt,
}

export function reportColumns(courseId: number) {
  return {
    enrolmentId: courseEnrolmentsView.id,
    studentId: studentsView.id,
    name: studentsView.name,
    phone: studentsView.phone,
    studentNo: studentsView.studentNo,
    source: courseEnrolmentsView.source,
    finished: finishedCount,
    watchedMs: sql<number>`(select coalesce(sum(${sectionProgress.watchedMs}), 0) from ${sectionProgress}
      where ${sectionProgress.courseId} = ${courseId} and ${sectionProgress.studentId} = ${studentsView.id})`.mapWith(Number),
    lastStudiedAt: courseEnrolmentsView.lastStudiedAt,
    joinedAt: courseEnrolmentsView.createdAt,
  }
}

export function keywordFilter(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined
  return personKeyword(keyword, { text: [studentsView.name, studentsView.studentNo], phones: [studentsView.phone] })
}
