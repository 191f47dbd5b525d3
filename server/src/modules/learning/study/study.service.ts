import type { Executor } from '../../../db/types.ts'
import { fileUrl } from '../../../gateways/storage/index.ts'
import { HEARTBEAT_SECONDS, ProductStatus, ProductType, SectionKind } from '../../../wire.ts'
import { createNotVideoError, createCourseNotJoinedError, createSectionLockedError, createSectionNotFoundError } from './study.errors.ts'
import { createStudyRepository, type MyCourseRow, type SectionAccess } from './study.repository.ts'
import { shanghaiDate } from '../../../lib/time-range.ts'
import { addDays, applyReport, courseProgress, seconds } from './study.rules.ts'

/** A stored file's address for whoever may open it now (public/ covers plain, the rest signed). */
export const mediaUrl = (secret: string, key: string | null, now = new Date()) =>
  key ? fileUrl({ secret, key, now: now.getTime() }) : null

export function toMyCourse(row: MyCourseRow, secret: string) {
  return {
    courseId: row.courseId,
    title: row.title,
    cover: mediaUrl(secret, row.coverKey),
    type: row.type,
    source: row.source,
    ...courseProgress(row.finished, row.total),
    lastSectionId: row.lastSectionId,
    lastSectionTitle: row.lastSectionTitle,
    lastStudiedAt: row.lastStudiedAt?.toISOString() ?? null,
    joinedAt: row.joinedAt.toISOString(),
  }
}

/** The student's courses (or live courses only): last studied first, then newest joined. */
export async function listMyCourses({
  db,
  studentId,
  liveOnly = false,
  page,
  size,
  secret,
}: {
  db: Executor
  studentId: number
  liveOnly?: boolean
  page: number
  size: number
  secret: string
}) {
  const type = liveOnly ? ProductType.liveCourse : undefined
  const { rows, total } = await createStudyRepository({ db }).myCourses({ studentId, type, page, size })
  return { list: rows.map((r) => toMyCourse(r, secret)), total, page, size }
}

/**
 * Who may open a section: a student on its course, or anyone on a trial section of a listed
 * course. A section of an unlisted course the student is not on does not exist for them.
 */
function checkAccess<S extends Pick<SectionAccess, 'enrolmentId' | 'courseStatus' | 'trial'>>(s: S | undefined): asserts s is S {
  if (!s) throw createSectionNotFoundError()
  if (s.enrolmentId !== null) return
  if (s.courseStatus !== ProductStatus.listed) throw createSectionNotFoundError()
  if (!s.trial) throw createSectionLockedError()
}

/** The current course: the one last studied or picked; null before any. */
export async function currentCourse({ db, studentId }: { db: Executor; studentId: number }) {
  const repo = createStudyRepository({ db })
  const clock = await repo.clock({ studentId })
  const picked = clock?.currentCourseId ? await repo.enrolment({ studentId, courseId: clock.currentCourseId }) : undefined
  // A course picked and then revoked falls back to the one studied last.
  const enrolment = picked ?? (await repo.lastStudied({ studentId }))
  if (!enrolment) return null
  const progress = enrolment.lastSectionId ? await repo.progress({ studentId, sectionId: enrolment.lastSectionId }) : undefined
  const pickedAt = picked ? clock?.currentAt : null
  const studiedAt = [pickedAt, enrolment.lastStudiedAt].filter((d): d is Date => !!d).sort((a, b) => b.getTime() - a.getTime())[0]
  return {
    courseId: enrolment.courseId,
    title: enrolment.title,
    sectionId: enrolment.lastSectionId,
    sectionTitle: enrolment.lastSectionTitle,
    position: seconds(progress?.positionMs ?? 0),
    studiedAt: (studiedAt ?? enrolment.joinedAt).toISOString(),
  }
}

/** The student picks a course of theirs as the current one. */
export async function setCurrentCourse({
  db,
  studentId,
  courseId,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  courseId: number
  now?: Date
}) {
  const repo = createStudyRepository({ db })
  const enrolment = await repo.enrolment({ studentId, courseId })
  if (!enrolment) throw createCourseNotJoinedError()
  await repo.setCurrent({ studentId, courseId, sectionId: enrolment.lastSectionId, now })
  return currentCourse({ db, studentId })
}

/**
 * Opens a section for the player: its media address, the student's progress and the sections
 * before and after it. A document is finished when opened; a student on the course has studied it
 * now (its last section, the current course).
 */
export async function openSection({
  db,
  studentId,
  sectionId,
  secret,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  sectionId: number
  secret: string
  now?: Date
}) {
  const repo = createStudyRepository({ db })
  const s = await repo.sectionAccess({ studentId, sectionId })
  checkAccess(s)
  const [outline, before] = await Promise.all([repo.courseOutline({ courseId: s.courseId }), repo.progress({ studentId, sectionId })])
  const finishOnOpen = s.kind === SectionKind.document && !before?.finishedAt
  if (finishOnOpen || s.enrolmentId !== null) {
    await db.transaction(async (tx) => {
      const t = createStudyRepository({ db: tx })
      const newly = finishOnOpen ? await t.finishSections({ studentId, sections: [{ id: s.id, courseId: s.courseId }], now }) : 0
      if (s.enrolmentId !== null) {
        await t.touchEnrolment({ enrolmentId: s.enrolmentId, studentId, courseId: s.courseId, sectionId, recount: newly > 0, now })
        await t.setCurrent({ studentId, courseId: s.courseId, sectionId, now })
      }
    })
  }
  const progress = finishOnOpen ? await repo.progress({ studentId, sectionId }) : before
  const at = outline.findIndex((o) => o.id === s.id)
  const finished = !!progress?.finishedAt
  return {
    id: s.id,
    courseId: s.courseId,
    courseTitle: s.courseTitle,
    chapterTitle: outline[at]?.chapterTitle ?? '',
    title: s.title,
    kind: s.kind,
    duration: s.duration,
    url: s.kind === SectionKind.live ? null : mediaUrl(secret, s.mediaKey, now),
    fileName: s.fileName,
    liveSessionId: s.liveSessionId,
    position: seconds(progress?.positionMs ?? 0),
    furthest: seconds(progress?.furthestMs ?? 0),
    watched: seconds(progress?.watchedMs ?? 0),
    finished,
    noSkip: s.noSkip && !finished,
    prevId: at > 0 ? outline[at - 1]!.id : null,
    nextId: at >= 0 && at < outline.length - 1 ? outline[at + 1]!.id : null,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  }
}

/** What a day's study time earns (学习时长 points, the points module's); modules/index.ts passes it in. */
export type OnStudied = (args: {
  db: Executor
  studentId: number
  day: string
  dayMs: number
  addedMs: number
  now: Date
}) => Promise<unknown>

/**
 * The player's heartbeat on a video section (contract 23, progress rules), in one transaction
 * under the student's clock lock: the credit, the section's progress, the day's study time, the
 * enrolment's last section and finished count, and the clock.
 */
export async function reportProgress({
  db,
  studentId,
  sectionId,
  position,
  onStudied,
  now = new Date(),
}: {
  db: Executor
  studentId: number
  sectionId: number
  /** Seconds. */
  position: number
  /** 学习时长 points (the points module's, passed in by modules/index.ts): called in this transaction. */
  onStudied: OnStudied
  now?: Date
}) {
  return db.transaction(async (tx) => {
    const repo = createStudyRepository({ db: tx })
    const clock = await repo.lockClock({ studentId })
    // Read under the lock; a refusal rolls the transaction back (a first clock row included).
    const s = await repo.sectionForReport({ studentId, sectionId })
    checkAccess(s)
    if (s.kind !== SectionKind.video) throw createNotVideoError()
    const before = s.progress
    const out = applyReport(before ? { ...before, finished: before.finishedAt !== null } : undefined, {
      positionMs: position * 1000,
      durationSeconds: s.duration,
      noSkip: s.noSkip,
      clockReportAt: clock.lastReportAt,
      now,
    })
    const finished = s.finishedCount + (out.newlyFinished ? 1 : 0)
    const { dayMs } = await repo.recordReport({
      studentId,
      sectionId,
      courseId: s.courseId,
      enrolmentId: s.enrolmentId,
      positionMs: out.positionMs,
      furthestMs: out.furthestMs,
      watchedMs: out.watchedMs,
      finishedAt: out.finished ? (before?.finishedAt ?? now) : null,
      addedMs: out.addedMs,
      day: shanghaiDate(now),
      finished,
      now,
    })
    // 学习时长 points: each full half hour of the day's study earns once (points module, this transaction).
    if (dayMs !== null) await onStudied({ db: tx, studentId, day: shanghaiDate(now), dayMs, addedMs: out.addedMs, now })
    return {
      position: seconds(out.positionMs),
      furthest: seconds(out.furthestMs),
      watched: seconds(out.watchedMs),
      finished: out.finished,
      added: seconds(out.addedMs),
      course: courseProgress(finished, s.sectionCount),
    }
  })
}

/** Study time: today, in all, and per Asia/Shanghai day for the last `days` days (oldest first, empty days included). */
export async function studyTime({ db, studentId, days, now = new Date() }: { db: Executor; studentId: number; days: number; now?: Date }) {
  const repo = createStudyRepository({ db })
  const today = shanghaiDate(now)
  const from = addDays(today, -(days - 1))
  const [rows, totalMs] = await Promise.all([repo.studyDays({ studentId, from, to: today }), repo.studyTotalMs({ studentId })])
  const byDay = new Map(rows.map((r) => [r.day, r.ms]))
  const list = Array.from({ length: days }, (_, i) => addDays(from, i)).map((day) => ({ day, seconds: seconds(byDay.get(day) ?? 0) }))
  return { today: seconds(byDay.get(today) ?? 0), total: seconds(totalMs), days: list }
}

/**
 * The sections of a course in order, with one student's progress on each (none: 0 / not finished):
 * the course page's sections (modules/index.ts passes this to the courses module).
 */
export async function sectionsWithProgress({ db, courseId, studentId }: { db: Executor; courseId: number; studentId: number }) {
  return createStudyRepository({ db }).sectionsWithProgress({ courseId, studentId })
}
