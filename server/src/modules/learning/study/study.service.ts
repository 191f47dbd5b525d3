import type { Executor } from '../../../db/types.ts'
import { fileUrl } from '../../../gateways/storage/index.ts'
import { HEARTBEAT_SECONDS, ProductStatus, ProductType, SectionKind } from '../../../wire.ts'
import { createNotVideoError, createCourseNotJoinedError, createSectionLockedError, createSectionNotFoundError } from './study.errors.ts'
import { createStudyRepository, type MyCourseRow, type SectionAccess } from './study.repository.ts'
import { createStudyProgressRepository } from './study.progress.repository.ts'
import { shanghaiDate } from '../../../lib/time-range.ts'
import { addDays, applyReport, courseProgress, progressAnswer, seconds } from './study.rules.ts'

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
 * before and after it. A document is finished when opened, and opening it is studying it: for a
 * student on the course it becomes the last section and the current course (继续学习). A video or
 * a live class becomes that only once watched (a heartbeat that credits time), never by opening it.
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
  // The enrolment that opening studies: a document's only.
  const studied = s.kind === SectionKind.document ? s.enrolmentId : null
  if (finishOnOpen || studied !== null) {
    await db.transaction(async (tx) => {
      const t = createStudyRepository({ db: tx })
      const newly = finishOnOpen ? await t.finishSections({ studentId, sections: [{ id: s.id, courseId: s.courseId }], now }) : 0
      if (studied !== null) {
        await t.touchEnrolment({ enrolmentId: studied, studentId, courseId: s.courseId, sectionId, recount: newly > 0, now })
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

/**
 * What a day's study time earns (学习时长 points, the points module's); modules/index.ts passes it
 * in. `earns` (the hook's own rule) tells whether a report taking the day from one total to another
 * has anything to earn: only those reports pay for a transaction. Without it, every report that
 * credits time is taken to.
 */
export type OnStudied = ((args: {
  db: Executor
  studentId: number
  day: string
  dayMs: number
  addedMs: number
  now: Date
}) => Promise<unknown>) & {
  earns?: (dayMsBefore: number, dayMsAfter: number) => boolean
}

/** Optimistic tries before a heartbeat takes the student's clock lock and waits its turn. */
const OPTIMISTIC_TRIES = 3

/** What a heartbeat applies the rules to: the section, the access, the progress, the clock, the day's study time so far. */
type ReportState = NonNullable<Awaited<ReturnType<ReturnType<typeof createStudyProgressRepository>['reportState']>>>

/**
 * The state each student's last heartbeat in this process left (per database), so that the next
 * one, ten seconds later, need not read it: its write checks that all of it still holds (the
 * clock's version, the section, the access) and writes nothing otherwise. A student's heartbeats
 * going to another process, or anything else writing their clock, only costs a read. At most
 * REPORT_CACHE_SIZE students, the least recently reporting dropped first.
 */
const REPORT_CACHE_SIZE = 20_000
const reportCache = new WeakMap<Executor, Map<number, ReportState & { sectionId: number; day: string }>>()

function cacheOf(db: Executor) {
  let cache = reportCache.get(db)
  if (!cache) reportCache.set(db, (cache = new Map()))
  return cache
}

/**
 * The player's heartbeat on a video section (contract 23, progress rules): the credit, the
 * section's progress, the day's study time, the enrolment's last section and finished count, and
 * the clock, all or nothing, as if under the student's one clock lock. The heartbeat is the
 * evening's hot call, so it runs optimistically: the rules applied to what the student's last
 * heartbeat left (or to one read), and one write that only lands if all of that still holds (the
 * student's clock has not moved: no report from another device or process in between; the
 * section and the access are unchanged). Else it reads and applies again; after OPTIMISTIC_TRIES it
 * waits for the clock's lock instead, so a busy student is never refused. One statement, two when
 * it must read, and no transaction, except when the report earns 学习时长 points, which are
 * earned in the same transaction as the time that earns them. The section becomes the student's
 * current one (继续学习) when the report credits time, not when it is opened.
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
  /** 学习时长 points (the points module's, passed in by modules/index.ts): called in the report's transaction. */
  onStudied: OnStudied
  now?: Date
}) {
  const day = shanghaiDate(now)
  const cache = cacheOf(db)
  const report = { studentId, sectionId, positionMs: position * 1000, onStudied, now, day, cache }
  const known = cache.get(studentId)
  cache.delete(studentId)
  if (known && known.sectionId === sectionId && known.day === day) {
    const answer = await tryReport({ db, inTransaction: false, known, ...report })
    if (answer) return answer
  }
  for (let attempt = 1; attempt <= OPTIMISTIC_TRIES; attempt++) {
    const answer = await tryReport({ db, inTransaction: false, ...report })
    if (answer) return answer
  }
  return db.transaction(async (tx) => {
    await createStudyProgressRepository({ db: tx }).lockClock({ studentId })
    const answer = await tryReport({ db: tx, inTransaction: true, ...report })
    if (!answer) throw new Error('reportProgress: the clock moved under its lock')
    return answer
  })
}

/**
 * One try of a heartbeat on `known` (what the student's last one left) or on a fresh read:
 * undefined when what it applied the rules to no longer holds (nothing written).
 */
async function tryReport({
  db,
  inTransaction,
  known,
  studentId,
  sectionId,
  positionMs,
  onStudied,
  now,
  day,
  cache,
}: {
  db: Executor
  inTransaction: boolean
  known?: ReportState
  studentId: number
  sectionId: number
  positionMs: number
  onStudied: OnStudied
  now: Date
  day: string
  cache: Map<number, ReportState & { sectionId: number; day: string }>
}) {
  const s = known ?? (await createStudyProgressRepository({ db }).reportState({ studentId, sectionId, day }))
  checkAccess(s)
  if (s.kind !== SectionKind.video) throw createNotVideoError()
  const before = s.progress
  const out = applyReport(before ? { ...before, finished: before.finishedAt !== null } : undefined, {
    positionMs,
    durationSeconds: s.duration,
    noSkip: s.noSkip,
    clockReportAt: s.clock.lastReportAt,
    now,
  })
  const finishedAt = out.finished ? (before?.finishedAt ?? now) : null
  const dayMs = s.dayMs + out.addedMs
  const write = (on: Executor) =>
    createStudyProgressRepository({ db: on }).recordReport({
      studentId,
      sectionId,
      courseId: s.courseId,
      enrolmentId: s.enrolmentId,
      duration: s.duration,
      noSkip: s.noSkip,
      positionMs: out.positionMs,
      furthestMs: out.furthestMs,
      watchedMs: out.watchedMs,
      finishedAt,
      addedMs: out.addedMs,
      day,
      current: out.addedMs > 0,
      clockVersion: s.clock.version,
      now,
    })
  // 学习时长 points: each full half hour of the day's study earns once (points module, the same transaction).
  const earns = out.addedMs > 0 && (onStudied.earns?.(s.dayMs, dayMs) ?? true)
  const writeAndEarn = async (on: Executor) => {
    const written = await write(on)
    if (written && earns) await onStudied({ db: on, studentId, day, dayMs, addedMs: out.addedMs, now })
    return written
  }
  const written = earns && !inTransaction ? await db.transaction(writeAndEarn) : await writeAndEarn(db)
  if (!written) return undefined
  const later = (a: Date | null) => (a && a > now ? a : now)
  cache.set(studentId, {
    ...s,
    sectionId,
    day,
    progress: {
      positionMs: out.positionMs,
      furthestMs: out.furthestMs,
      watchedMs: out.watchedMs,
      finishedAt,
      lastReportAt: later(before?.lastReportAt ?? null),
    },
    clock: { version: written.clockVersion, lastReportAt: later(s.clock.lastReportAt) },
    dayMs,
  })
  if (cache.size > REPORT_CACHE_SIZE) cache.delete(cache.keys().next().value!)
  return progressAnswer(out, written.finished, written.sectionCount)
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
