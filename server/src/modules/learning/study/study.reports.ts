import type { Executor } from '../../../db/types.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { batches } from '../../../lib/xlsx-export.ts'
import { createCourseNotFoundError, createStudentNotFoundError } from './study.errors.ts'
import { type CourseReportRow, createStudyRepository } from './study.repository.ts'
import { courseProgress, seconds } from './study.rules.ts'
import { studyTime, toMyCourse } from './study.service.ts'

/** A student's line of a course report (phones masked, as in every list of the office). */
export function toCourseReportItem(row: CourseReportRow, total: number) {
  return {
    studentId: row.studentId,
    name: row.name,
    phone: maskPhone(row.phone),
    studentNo: row.studentNo,
    source: row.source,
    ...courseProgress(row.finished, total),
    watched: seconds(row.watchedMs),
    lastStudiedAt: row.lastStudiedAt?.toISOString() ?? null,
    joinedAt: row.joinedAt.toISOString(),
  }
}

export type { CourseReportRow }

/** A course report's every line for the export, read in batches (newest joined first). */
export function courseReportRows({ db, courseId }: { db: Executor; courseId: number }): AsyncIterable<CourseReportRow> {
  const repo = createStudyRepository({ db })
  return batches<CourseReportRow>({
    next: (last, limit) =>
      repo.courseReportBatch({ courseId, last: last && { joinedAt: last.joinedAt, enrolmentId: last.enrolmentId }, limit }),
  })
}

export async function reportCourse({ db, courseId }: { db: Executor; courseId: number }) {
  const course = await createStudyRepository({ db }).course({ courseId })
  if (!course) throw createCourseNotFoundError()
  return course
}

/** A course's students with their progress, newest joined first. */
export async function courseReport({
  db,
  courseId,
  keyword,
  page,
  size,
}: {
  db: Executor
  courseId: number
  keyword?: string
  page: number
  size: number
}) {
  const course = await reportCourse({ db, courseId })
  const { rows, total } = await createStudyRepository({ db }).courseReport({ courseId, keyword, page, size })
  return { list: rows.map((r) => toCourseReportItem(r, course.total)), total, page, size }
}

/** One student's study: each course with its sections, the last 30 days, and the live classes so far. */
export async function studentReport({
  db,
  studentId,
  secret,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  secret: string
  now?: Date
}) {
  const repo = createStudyRepository({ db })
  const student = await repo.student({ studentId })
  if (!student) throw createStudentNotFoundError()
  const [enrolments, sections, time, live] = await Promise.all([
    repo.enrolmentsOf({ studentId }),
    repo.sectionsOf({ studentId }),
    studyTime({ db, studentId, days: 30, now }),
    repo.liveHistory({ studentId, now }),
  ])
  return {
    student,
    courses: enrolments.map((e) => ({
      ...toMyCourse(e, secret),
      watched: seconds(e.watchedMs),
      sections: sections
        .filter((s) => s.courseId === e.courseId)
        .map((s) => ({
          id: s.id,
          title: s.title,
          watched: seconds(s.watchedMs ?? 0),
          duration: s.duration,
          finished: !!s.finishedAt,
          position: seconds(s.positionMs ?? 0),
        })),
    })),
    days: time.days,
    live: live.map((l) => ({
      id: l.id,
      title: l.title,
      startsAt: l.startsAt.toISOString(),
      watched: seconds(l.liveMs ?? 0),
      attended: !!l.attendedAt,
    })),
  }
}
