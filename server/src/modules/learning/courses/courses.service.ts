import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { fileUrl, PUBLIC_KEY_PREFIX, type Storage } from '../../../gateways/storage/index.ts'
import { EnrolmentSource, LiveStatus, ProductStatus, SectionKind, type StudentLevel } from '../../../wire.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
import { openCourseOrder, pendingCourseOrderId, type OnOrderPaid } from '../../money/index.ts'
import { studentsView } from '../../roll/index.ts'
import {
  createCategoryInUseError,
  createCategoryNameTakenError,
  createCategoryNotFoundError,
  createCategoryNotLeafError,
  createCategoryParentError,
  createChapterNotEmptyError,
  createChapterNotFoundError,
  createCourseEmptyError,
  createCourseHasQuestionsError,
  createCourseHasStudentsError,
  createCourseListedLastSectionError,
  createCourseNotFoundError,
  createEnrolmentNotFoundError,
  createGrantTargetError,
  createLiveInUseError,
  createLiveNotFoundError,
  createLiveTimesError,
  createMediaMissingError,
  createNotGrantedError,
  createSectionMediaError,
  createSectionNotFoundError,
  createSortMismatchError,
} from './courses.errors.ts'
import {
  type CardRow,
  type ChapterRow,
  type CourseRow,
  createCoursesRepository,
  type EnrolmentRow,
  type LiveSessionRow,
  type SectionRow,
} from './courses.repository.ts'

type CoursesRepository = ReturnType<typeof createCoursesRepository>

/**
 * The sections of a course in order, with one student's progress on each (none: 0 / not finished):
 * the study module's (its progress rows), passed in by modules/index.ts.
 */
export type SectionsWithProgress = (args: {
  db: Executor
  courseId: number
  studentId: number
}) => Promise<Array<{ section: SectionRow; positionMs: number; finished: boolean }>>

/**
 * Whether the course has questions in the bank (removed ones included: they keep it) or papers (their
 * foreign keys keep the course): the question bank's and the exams module's, passed in by modules/index.ts.
 */
export type CourseInUse = (args: { db: Executor; courseId: number }) => Promise<boolean>

/** Covers are public keys: their address needs no signature. */
const coverUrl = (key: string | null) => (key?.startsWith(PUBLIC_KEY_PREFIX) ? fileUrl({ secret: '', key }) : null)
const percentOf = (finished: number, total: number) => (total > 0 ? Math.floor((finished * 100) / total) : 0)

// ---- the student's side ----

/** The catalogue page: listed courses by filter, as the repository orders them. */
export async function catalogue({ db, ...args }: { db: Executor } & Parameters<CoursesRepository['catalogue']>[0]) {
  return createCoursesRepository({ db }).catalogue(args)
}

/** My favourite courses (those I may still see), newest favourite first. */
export async function favouriteCourses({ db, ...args }: { db: Executor } & Parameters<CoursesRepository['favourites']>[0]) {
  return createCoursesRepository({ db }).favourites(args)
}

/** 取消收藏: not collected, nothing changes. */
export async function removeFavourite({ db, studentId, courseId }: { db: Executor; studentId: number; courseId: number }) {
  await createCoursesRepository({ db }).removeFavourite({ studentId, courseId })
}

export function toCourseCard(r: CardRow) {
  return {
    id: r.course.id,
    title: r.course.title,
    cover: coverUrl(r.course.coverKey),
    type: r.course.type,
    categoryId: r.course.categoryId,
    categoryName: r.categoryName,
    parentCategoryName: r.parentCategoryName,
    price: r.course.price,
    sectionCount: r.sectionCount,
    trialCount: r.trialCount,
    studentCount: r.studentCount,
    joined: r.joined,
    collected: r.collected,
  }
}

/** The enabled categories as the catalogue's tabs (first level) and chips (second level), in order. */
export async function clientCategories({ db }: { db: Executor }) {
  const rows = (await createCoursesRepository({ db }).categories()).map((r) => r.category)
  return rows
    .filter((c) => c.parentId === null && c.enabled)
    .map((parent) => ({
      id: parent.id,
      name: parent.name,
      children: rows.filter((c) => c.parentId === parent.id && c.enabled).map((c) => ({ id: c.id, name: c.name })),
    }))
}

/**
 * A course's page for a student: a listed course, or one they joined (whatever its status now);
 * its sections locked unless joined or a trial, with their progress, and the order of theirs
 * still waiting to be paid for it.
 */
export async function courseDetail({
  db,
  studentId,
  accountId,
  id,
  sectionsWithProgress,
}: {
  db: Executor
  studentId: number
  accountId: number
  id: number
  sectionsWithProgress: SectionsWithProgress
}) {
  const repo = createCoursesRepository({ db })
  const row = await repo.courseForStudent({ studentId, id })
  if (!row) throw createCourseNotFoundError()
  const [chapters, sections] = await Promise.all([repo.chapters({ courseId: id }), sectionsWithProgress({ db, courseId: id, studentId })])
  const joined = row.enrolment !== null
  const finished = sections.filter((s) => s.finished).length
  return {
    ...toCourseCard(row),
    intro: row.course.intro,
    teacher: row.course.teacher,
    noSkip: row.course.noSkip,
    status: row.course.status,
    progress: { finished, total: sections.length, percent: percentOf(finished, sections.length) },
    lastSectionId: row.enrolment?.lastSectionId ?? null,
    pendingOrderId: joined ? null : await pendingCourseOrderId({ db, accountId, courseId: id }),
    chapters: chapters.map((chapter) => ({
      id: chapter.id,
      title: chapter.title,
      sections: sections
        .filter((s) => s.section.chapterId === chapter.id)
        .map(({ section, positionMs, finished: done }) => ({
          id: section.id,
          title: section.title,
          kind: section.kind,
          duration: section.duration,
          trial: section.trial,
          locked: !joined && !section.trial,
          finished: done,
          position: positionMs / 1000,
          liveSessionId: section.liveSessionId,
        })),
    })),
  }
}

/** A course the student may see now (listed, or joined), or 404. */
async function visibleCourse(db: Executor, studentId: number, id: number) {
  const row = await createCoursesRepository({ db }).courseForStudent({ studentId, id })
  if (!row) throw createCourseNotFoundError()
  return row
}

/**
 * 加入: a course the student has is joined already; a free one enrols them now (免费加入); a paid
 * one opens their order for it (reusing the one still waiting to be paid). Only the pay
 * provider's verified notification enrols a buyer (enrolPaidCourse).
 */
export async function joinCourse({
  db,
  studentId,
  accountId,
  courseId,
}: {
  db: Executor
  studentId: number
  accountId: number
  courseId: number
}) {
  const row = await visibleCourse(db, studentId, courseId)
  if (row.enrolment) return { joined: true, orderId: null }
  if (row.course.status !== ProductStatus.listed) throw createCourseNotFoundError()
  if (row.course.price === 0) {
    await createCoursesRepository({ db }).enrol({ studentId, courseId, source: EnrolmentSource.free })
    return { joined: true, orderId: null }
  }
  const order = await openCourseOrder({ db, accountId, course: { id: courseId, title: row.course.title, price: row.course.price } })
  return { joined: false, orderId: order.id }
}

export async function collectCourse({ db, studentId, courseId }: { db: Executor; studentId: number; courseId: number }) {
  await visibleCourse(db, studentId, courseId)
  await createCoursesRepository({ db }).addFavourite({ studentId, courseId })
  return { collected: true }
}

export async function recordCourseClick({ db, studentId, courseId }: { db: Executor; studentId: number; courseId: number }) {
  await visibleCourse(db, studentId, courseId)
  await createCoursesRepository({ db }).recordClick({ studentId, courseId })
}

/**
 * The enrolment a paid course order gives (the orders module's onPaid, in the pay notification's
 * transaction): the paying account's student, source 购买, once. A student who has the course
 * already keeps their enrolment; the order simply stays paid.
 */
export const enrolPaidCourse: OnOrderPaid = async ({ tx, order }) => {
  if (order.courseId === null) return
  const [student] = await tx.select({ id: studentsView.id }).from(studentsView).where(eq(studentsView.accountId, order.accountId)).limit(1)
  const repo = createCoursesRepository({ db: tx })
  // A course removed while its order waited (possible only without students): the order stays paid, the office refunds it.
  if (!student || !(await repo.findCourse({ id: order.courseId }))) return
  await repo.enrol({
    studentId: student.id,
    courseId: order.courseId,
    source: EnrolmentSource.paid,
    orderId: order.id,
  })
}

// ---- for the study module (progress, the player, live classes) ----

/**
 * Whether a student may open a section now: on the course (any source), or a trial section of a
 * listed course. Undefined when the section does not exist.
 */
export async function sectionAccess({ db, studentId, sectionId }: { db: Executor; studentId: number; sectionId: number }): Promise<
  | {
      section: SectionRow
      chapter: ChapterRow
      course: CourseRow
      enrolment: EnrolmentRow | null
      allowed: boolean
    }
  | undefined
> {
  const repo = createCoursesRepository({ db })
  const section = await repo.findSection({ id: sectionId })
  if (!section) return undefined
  const [chapter, course, enrolment] = await Promise.all([
    repo.findChapter({ id: section.chapterId }),
    repo.findCourse({ id: section.courseId }),
    repo.findEnrolment({ studentId, courseId: section.courseId }),
  ])
  if (!chapter || !course) return undefined
  const allowed = Boolean(enrolment) || (section.trial && course.status === ProductStatus.listed)
  return { section, chapter, course, enrolment: enrolment ?? null, allowed }
}

/** A student's enrolment on a course, if any. */
export async function findEnrolment({ db, studentId, courseId }: { db: Executor; studentId: number; courseId: number }) {
  return (await createCoursesRepository({ db }).findEnrolment({ studentId, courseId })) ?? null
}

/** A live session with its course's title, or undefined. */
export async function findLiveSession({ db, id }: { db: Executor; id: number }) {
  return createCoursesRepository({ db }).findLive({ id })
}

/** A course's chapters and sections in order (prev/next, progress totals). */
export async function courseOutline({ db, courseId }: { db: Executor; courseId: number }) {
  const repo = createCoursesRepository({ db })
  const [chapters, sections] = await Promise.all([repo.chapters({ courseId }), repo.sections({ courseId })])
  return { chapters, sections }
}

/** 未开始 / 直播中 / 已结束 from now against the session's times. */
/**
 * The enrolment studied now (the study module, in its transaction): its last section (null: kept) and
 * time, and when given its finished count (an SQL count of the study module's progress rows).
 */
export async function touchEnrolment({
  db,
  ...args
}: {
  db: Executor
  enrolmentId: number
  sectionId: number | null
  finished?: SQL
  now: Date
}): Promise<number> {
  return createCoursesRepository({ db }).touchEnrolment(args)
}

/** Claims the live classes starting within `beforeMs` of `now` whose reminder has not gone out (one UPDATE). */
export async function claimLiveReminders({ db, now, beforeMs }: { db: Executor; now: Date; beforeMs: number }) {
  return createCoursesRepository({ db }).claimLiveReminders({ now, beforeMs })
}

export function liveStatus(live: { startsAt: Date; endsAt: Date }, now = new Date()) {
  if (now < live.startsAt) return LiveStatus.notStarted
  if (now < live.endsAt) return LiveStatus.live
  return LiveStatus.ended
}

// ---- the office: categories ----

export async function categoryTree({ db }: { db: Executor }) {
  const rows = await createCoursesRepository({ db }).categories()
  const node = (r: (typeof rows)[number]) => ({
    id: r.category.id,
    name: r.category.name,
    enabled: r.category.enabled,
    sort: r.category.sort,
    courseCount: r.courseCount,
  })
  return rows
    .filter((r) => r.category.parentId === null)
    .map((parent) => ({ ...node(parent), children: rows.filter((r) => r.category.parentId === parent.category.id).map(node) }))
}

async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw createCategoryNameTakenError()
    throw error
  }
}

export async function createCategory({ db, parentId, name }: { db: Executor; parentId: number | null; name: string }) {
  const repo = createCoursesRepository({ db })
  if (parentId !== null) {
    const parent = await repo.findCategory({ id: parentId })
    if (!parent) throw createCategoryNotFoundError()
    if (parent.parentId !== null) throw createCategoryParentError()
  }
  const siblings = await repo.categoryChildren({ parentId })
  const sort = siblings.reduce((max, c) => Math.max(max, c.sort), 0) + 1
  return uniqueName(() => repo.insertCategory({ parentId, name, sort }))
}

export async function updateCategory({ db, id, name, enabled }: { db: Executor; id: number; name: string; enabled?: boolean }) {
  const repo = createCoursesRepository({ db })
  const before = await repo.findCategory({ id })
  if (!before) throw createCategoryNotFoundError()
  const after = await uniqueName(() => repo.updateCategory({ id, values: { name, ...(enabled === undefined ? {} : { enabled }) } }))
  return { before, after: after! }
}

export async function removeCategory({ db, id }: { db: Executor; id: number }) {
  const repo = createCoursesRepository({ db })
  const row = await repo.findCategory({ id })
  if (!row) throw createCategoryNotFoundError()
  if (!(await repo.deleteEmptyCategory({ id }))) throw createCategoryInUseError()
  return row
}

/** The ids given must be exactly `current` (each once), else the list the operator saw is stale. */
function sameSet(ids: number[], current: number[]) {
  if (new Set(ids).size !== ids.length || ids.length !== current.length || !current.every((id) => ids.includes(id)))
    throw createSortMismatchError()
}

export async function sortCategories({ db, parentId, ids }: { db: Executor; parentId: number | null; ids: number[] }) {
  const repo = createCoursesRepository({ db })
  sameSet(
    ids,
    (await repo.categoryChildren({ parentId })).map((c) => c.id),
  )
  await repo.sortCategories({ ids })
}

// ---- the office: courses ----

/** The office's course list page. */
export async function adminCourseList({ db, ...args }: { db: Executor } & Parameters<CoursesRepository['adminList']>[0]) {
  return createCoursesRepository({ db }).adminList(args)
}

export interface CourseInput {
  title: string
  categoryId: number
  type: string
  price: number
  cover?: string
  intro?: string
  teacher?: string
  noSkip?: boolean
}

export function toAdminCourse(r: {
  course: CourseRow
  categoryName: string
  sectionCount: number
  studentCount: number
  finishedCount: number
}) {
  return {
    id: r.course.id,
    title: r.course.title,
    cover: coverUrl(r.course.coverKey),
    type: r.course.type,
    categoryId: r.course.categoryId,
    categoryName: r.categoryName,
    price: r.course.price,
    status: r.course.status,
    noSkip: r.course.noSkip,
    teacher: r.course.teacher,
    sectionCount: r.sectionCount,
    studentCount: r.studentCount,
    finishedCount: r.finishedCount,
    createdAt: r.course.createdAt.toISOString(),
  }
}

export function toAdminSection(s: SectionRow, secret: string) {
  return {
    id: s.id,
    title: s.title,
    kind: s.kind,
    sort: s.sort,
    trial: s.trial,
    duration: s.duration,
    mediaKey: s.mediaKey,
    fileName: s.fileName,
    size: s.size,
    url: s.mediaKey ? fileUrl({ secret, key: s.mediaKey }) : null,
    liveSessionId: s.liveSessionId,
  }
}

/** A course with its chapters and sections, as the console edits it. */
export async function adminCourseDetail({ db, secret, id }: { db: Executor; secret: string; id: number }) {
  const repo = createCoursesRepository({ db })
  const row = await repo.adminCourse({ id })
  if (!row) throw createCourseNotFoundError({ message: '课程不存在' })
  const [chapters, sections] = await Promise.all([repo.chapters({ courseId: id }), repo.sections({ courseId: id })])
  return {
    ...toAdminCourse(row),
    coverKey: row.course.coverKey,
    intro: row.course.intro,
    parentCategoryId: row.parentCategoryId,
    chapters: chapters.map((c) => ({
      id: c.id,
      title: c.title,
      sort: c.sort,
      sections: sections.filter((s) => s.chapterId === c.id).map((s) => toAdminSection(s, secret)),
    })),
  }
}

async function leafCategory(db: Executor, id: number) {
  const category = await createCoursesRepository({ db }).findCategory({ id })
  if (!category) throw createCategoryNotFoundError()
  if (category.parentId === null) throw createCategoryNotLeafError()
  return category
}

const courseValues = (input: CourseInput) => ({
  title: input.title,
  categoryId: input.categoryId,
  type: input.type,
  price: input.price,
  coverKey: input.cover ?? null,
  intro: input.intro ?? '',
  teacher: input.teacher ?? '',
  noSkip: input.noSkip ?? false,
})

/** A new course starts 下架 (the office adds its sections, then lists it). */
export async function createCourse({ db, input, adminId }: { db: Executor; input: CourseInput; adminId: number }) {
  await leafCategory(db, input.categoryId)
  return createCoursesRepository({ db }).insertCourse({ ...courseValues(input), status: ProductStatus.unlisted, createdBy: adminId })
}

export async function updateCourse({ db, id, input }: { db: Executor; id: number; input: CourseInput }) {
  const repo = createCoursesRepository({ db })
  const before = await repo.lockCourse({ id })
  if (!before) throw createCourseNotFoundError({ message: '课程不存在' })
  await leafCategory(db, input.categoryId)
  const after = (await repo.updateCourse({ id, values: courseValues(input) }))!
  return { before, after }
}

/** 上架 needs at least one section; 下架 hides it from the catalogue (its students keep it). */
export async function changeCourseStatus({ db, id, status }: { db: Executor; id: number; status: string }) {
  const repo = createCoursesRepository({ db })
  const before = await repo.lockCourse({ id })
  if (!before) throw createCourseNotFoundError({ message: '课程不存在' })
  if (status === ProductStatus.listed && (await repo.sectionCount({ courseId: id })) === 0) throw createCourseEmptyError()
  const after = (await repo.updateCourse({ id, values: { status } }))!
  return { before, after }
}

/** Removes a course no student has (with a student: 下架 it instead). */
export async function removeCourse({ db, id, courseInUse }: { db: Executor; id: number; courseInUse: CourseInUse }) {
  const repo = createCoursesRepository({ db })
  const row = await repo.lockCourse({ id })
  if (!row) throw createCourseNotFoundError({ message: '课程不存在' })
  if ((await repo.enrolmentCount({ courseId: id })) > 0) throw createCourseHasStudentsError()
  if (await courseInUse({ db, courseId: id })) throw createCourseHasQuestionsError()
  await repo.deleteCourse({ id })
  return row
}

// ---- the office: chapters and sections ----

async function courseOf(db: Executor, courseId: number) {
  const course = await createCoursesRepository({ db }).lockCourse({ id: courseId })
  if (!course) throw createCourseNotFoundError({ message: '课程不存在' })
  return course
}

async function chapterOf(db: Executor, id: number) {
  const chapter = await createCoursesRepository({ db }).findChapter({ id })
  if (!chapter) throw createChapterNotFoundError()
  return chapter
}

export async function createChapter({ db, courseId, title }: { db: Executor; courseId: number; title: string }) {
  await courseOf(db, courseId)
  return createCoursesRepository({ db }).insertChapter({ courseId, title })
}

export async function updateChapter({ db, id, title }: { db: Executor; id: number; title: string }) {
  await chapterOf(db, id)
  return (await createCoursesRepository({ db }).updateChapter({ id, title }))!
}

export async function removeChapter({ db, id }: { db: Executor; id: number }) {
  const chapter = await chapterOf(db, id)
  if (!(await createCoursesRepository({ db }).deleteEmptyChapter({ id }))) throw createChapterNotEmptyError()
  return chapter
}

export async function sortChapters({ db, courseId, ids }: { db: Executor; courseId: number; ids: number[] }) {
  await courseOf(db, courseId)
  const repo = createCoursesRepository({ db })
  sameSet(
    ids,
    (await repo.chapters({ courseId })).map((c) => c.id),
  )
  await repo.sortChapters({ ids })
}

export interface SectionInput {
  title: string
  kind: string
  trial?: boolean
  mediaKey?: string
  fileName?: string
  duration?: number
  liveSessionId?: number
}

/**
 * A section's stored values, checked: a video names an uploaded file and its length, a document an
 * uploaded file, a live class a live session of the same course.
 */
async function sectionValues({ db, storage, courseId, input }: { db: Executor; storage: Storage; courseId: number; input: SectionInput }) {
  const base = { title: input.title, kind: input.kind, trial: input.trial ?? false }
  if (input.kind === SectionKind.live) {
    if (input.liveSessionId === undefined) throw createSectionMediaError({ message: '请选择本课程的一场直播' })
    const live = await createCoursesRepository({ db }).findLive({ id: input.liveSessionId })
    if (!live || live.live.courseId !== courseId) throw createLiveNotFoundError({ message: '请选择本课程的一场直播' })
    return { ...base, liveSessionId: live.live.id, mediaKey: null, fileName: null, size: null, duration: input.duration ?? 0 }
  }
  if (!input.mediaKey) throw createSectionMediaError()
  if (input.kind === SectionKind.video && !input.duration) throw createSectionMediaError({ message: '请填写视频时长（秒）' })
  const stat = await storage.stat(input.mediaKey)
  if (!stat) throw createMediaMissingError()
  return {
    ...base,
    liveSessionId: null,
    mediaKey: input.mediaKey,
    fileName: input.fileName ?? input.mediaKey.split('/').pop()!,
    size: stat.size,
    duration: input.kind === SectionKind.video ? input.duration! : 0,
  }
}

export async function createSection({
  db,
  storage,
  chapterId,
  input,
}: {
  db: Executor
  storage: Storage
  chapterId: number
  input: SectionInput
}) {
  const chapter = await chapterOf(db, chapterId)
  await courseOf(db, chapter.courseId)
  const values = await sectionValues({ db, storage, courseId: chapter.courseId, input })
  return createCoursesRepository({ db }).insertSection({ ...values, chapterId, courseId: chapter.courseId })
}

export async function updateSection({ db, storage, id, input }: { db: Executor; storage: Storage; id: number; input: SectionInput }) {
  const repo = createCoursesRepository({ db })
  const before = await repo.findSection({ id })
  if (!before) throw createSectionNotFoundError()
  const values = await sectionValues({ db, storage, courseId: before.courseId, input })
  return { before, after: (await repo.updateSection({ id, values }))! }
}

export async function removeSection({ db, id }: { db: Executor; id: number }) {
  const repo = createCoursesRepository({ db })
  const section = await repo.findSection({ id })
  if (!section) throw createSectionNotFoundError()
  const course = await courseOf(db, section.courseId)
  if (course.status === ProductStatus.listed && (await repo.sectionCount({ courseId: course.id })) <= 1)
    throw createCourseListedLastSectionError()
  await repo.deleteSection({ id })
  return section
}

/**
 * Orders a chapter's sections, in one statement: `ids` keeps every section now in the chapter and
 * may bring sections of the course's other chapters, which move here.
 */
export async function sortSections({ db, chapterId, ids }: { db: Executor; chapterId: number; ids: number[] }) {
  const chapter = await chapterOf(db, chapterId)
  await courseOf(db, chapter.courseId)
  const repo = createCoursesRepository({ db })
  const named = await repo.sectionsOfIds({ ids })
  const current = (await repo.sections({ courseId: chapter.courseId })).filter((s) => s.chapterId === chapterId).map((s) => s.id)
  if (
    new Set(ids).size !== ids.length ||
    named.length !== ids.length ||
    named.some((s) => s.courseId !== chapter.courseId) ||
    !current.every((id) => ids.includes(id))
  )
    throw createSortMismatchError()
  await repo.placeSections({ chapterId, ids })
  return { chapter, moved: named.filter((s) => s.chapterId !== chapterId).length }
}

// ---- the office: live sessions ----

/** The office's live session list page. */
export async function liveSessionList({ db, ...args }: { db: Executor } & Parameters<CoursesRepository['liveList']>[0]) {
  return createCoursesRepository({ db }).liveList(args)
}

export interface LiveInput {
  courseId: number
  title: string
  teacher?: string
  startsAt: Date
  endsAt: Date
  roomUrl?: string
  playbackKey?: string
  playbackDuration?: number
}

export function toLive(r: { live: LiveSessionRow; courseTitle: string }, secret: string, now = new Date()) {
  return {
    id: r.live.id,
    courseId: r.live.courseId,
    courseTitle: r.courseTitle,
    title: r.live.title,
    teacher: r.live.teacher,
    startsAt: r.live.startsAt.toISOString(),
    endsAt: r.live.endsAt.toISOString(),
    status: liveStatus(r.live, now),
    roomUrl: r.live.roomUrl,
    playbackKey: r.live.playbackKey,
    playbackUrl: r.live.playbackKey ? fileUrl({ secret, key: r.live.playbackKey }) : null,
    playbackDuration: r.live.playbackDuration,
    createdAt: r.live.createdAt.toISOString(),
  }
}

async function liveValues({ db, storage, input }: { db: Executor; storage: Storage; input: LiveInput }) {
  await courseOf(db, input.courseId)
  if (input.endsAt <= input.startsAt) throw createLiveTimesError()
  if (input.playbackKey && !(await storage.stat(input.playbackKey))) throw createMediaMissingError()
  if (input.playbackKey && !input.playbackDuration) throw createSectionMediaError({ message: '请填写回放时长（秒）' })
  return {
    courseId: input.courseId,
    title: input.title,
    teacher: input.teacher ?? '',
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    roomUrl: input.roomUrl ?? null,
    playbackKey: input.playbackKey ?? null,
    playbackDuration: input.playbackKey ? input.playbackDuration! : null,
  }
}

export async function createLive({ db, storage, input }: { db: Executor; storage: Storage; input: LiveInput }) {
  const repo = createCoursesRepository({ db })
  const row = await repo.insertLive(await liveValues({ db, storage, input }))
  return (await repo.findLive({ id: row.id }))!
}

export async function updateLive({ db, storage, id, input }: { db: Executor; storage: Storage; id: number; input: LiveInput }) {
  const repo = createCoursesRepository({ db })
  const before = await repo.findLive({ id })
  if (!before) throw createLiveNotFoundError()
  const values = await liveValues({ db, storage, input })
  // Moved to a later start: its reminder goes out again.
  const remindedAt = values.startsAt.getTime() === before.live.startsAt.getTime() ? before.live.remindedAt : null
  await repo.updateLive({ id, values: { ...values, remindedAt } })
  return (await repo.findLive({ id }))!
}

export async function removeLive({ db, id }: { db: Executor; id: number }) {
  const repo = createCoursesRepository({ db })
  const row = await repo.findLive({ id })
  if (!row) throw createLiveNotFoundError()
  if (!(await repo.deleteUnusedLive({ id }))) throw createLiveInUseError()
  return row
}

// ---- the office: grants ----

export interface GrantTarget {
  studentIds?: number[]
  school?: string
  major?: string
  level?: StudentLevel
  batchYear?: number
  batch?: number
}

/** The students a grant selects: the ids given, or every student whose roll matches all the fields given. */
function grantWho(t: GrantTarget): SQL {
  const c: SQL[] = []
  if (t.studentIds?.length) c.push(inArray(studentsView.id, t.studentIds))
  if (t.school) c.push(eq(studentsView.school, t.school))
  if (t.major) c.push(eq(studentsView.major, t.major))
  if (t.level) c.push(eq(studentsView.level, t.level))
  if (t.batchYear !== undefined) c.push(eq(studentsView.batchYear, t.batchYear))
  if (t.batch !== undefined) c.push(eq(studentsView.batch, t.batch))
  if (c.length === 0) throw createGrantTargetError()
  return and(...c)!
}

/** 学校开通: grants a course to a batch of students in one statement; those who have it keep theirs. */
export async function grantCourse({
  db,
  courseId,
  target,
  adminId,
}: {
  db: Executor
  courseId: number
  target: GrantTarget
  /** The operator; null: granted by the school's own rules (a course voucher exchanged for points). */
  adminId: number | null
}) {
  const course = await courseOf(db, courseId)
  const { matched, granted } = await createCoursesRepository({ db }).grant({ courseId, who: grantWho(target), adminId })
  return { course, granted, already: matched - granted }
}

/** Withdraws a course the school granted (a bought or free one stays). */
export async function revokeGrant({ db, courseId, studentId }: { db: Executor; courseId: number; studentId: number }) {
  const repo = createCoursesRepository({ db })
  const enrolment = await repo.findEnrolment({ studentId, courseId })
  if (!enrolment) throw createEnrolmentNotFoundError()
  if (enrolment.source !== EnrolmentSource.granted) throw createNotGrantedError()
  await repo.deleteEnrolment({ id: enrolment.id })
  return enrolment
}
