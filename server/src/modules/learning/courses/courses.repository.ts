import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '../../../db/types.ts'
import { EnrolmentSource, ProductStatus } from '../../../wire.ts'
import { studentsView } from '../../roll/index.ts'
import {
  courseCategories,
  courseChapters,
  courseClicks,
  courseEnrolments,
  courseFavourites,
  courses,
  courseSections,
  liveSessions,
} from './courses.table.ts'
import { containing } from '../../../lib/person-search.ts'
import { insertRow, rowById, updateRow } from '../../../db/rows.ts'

export type CategoryRow = typeof courseCategories.$inferSelect
export type CourseRow = typeof courses.$inferSelect
export type ChapterRow = typeof courseChapters.$inferSelect
export type SectionRow = typeof courseSections.$inferSelect
export type EnrolmentRow = typeof courseEnrolments.$inferSelect
export type LiveSessionRow = typeof liveSessions.$inferSelect

const parentCategory = alias(courseCategories, 'parent_category')
const n = (q: SQL) => sql<number>`${q}`.mapWith(Number)

const sectionCount = n(sql`(select count(*) from ${courseSections} where ${courseSections.courseId} = ${courses.id})`)
const trialCount = n(
  sql`(select count(*) from ${courseSections} where ${courseSections.courseId} = ${courses.id} and ${courseSections.trial})`,
)
const studentCount = n(sql`(select count(*) from ${courseEnrolments} where ${courseEnrolments.courseId} = ${courses.id})`)

/** A course as a card for one student (catalogue, favourites). */
function cardColumns(studentId: number) {
  return {
    course: courses,
    categoryName: courseCategories.name,
    parentCategoryName: sql<string>`coalesce(${parentCategory.name}, '')`,
    sectionCount,
    trialCount,
    studentCount,
    joined:
      sql<boolean>`exists (select 1 from ${courseEnrolments} where ${courseEnrolments.courseId} = ${courses.id} and ${courseEnrolments.studentId} = ${studentId})`.mapWith(
        Boolean,
      ),
    collected:
      sql<boolean>`exists (select 1 from ${courseFavourites} where ${courseFavourites.courseId} = ${courses.id} and ${courseFavourites.studentId} = ${studentId})`.mapWith(
        Boolean,
      ),
  }
}
export type CardRow = {
  course: CourseRow
  categoryName: string
  parentCategoryName: string
  sectionCount: number
  trialCount: number
  studentCount: number
  joined: boolean
  collected: boolean
}

/** Listed (上架) in an enabled category (and enabled parent): what the catalogue shows. */
const listed = and(
  eq(courses.status, ProductStatus.listed),
  eq(courseCategories.enabled, true),
  or(isNull(parentCategory.id), eq(parentCategory.enabled, true)),
)!

/** A student sees a course that is listed, or one they have joined (whatever its status now). */
const visibleTo = (studentId: number) =>
  or(
    listed,
    sql`exists (select 1 from ${courseEnrolments} where ${courseEnrolments.courseId} = ${courses.id} and ${courseEnrolments.studentId} = ${studentId})`,
  )!

export interface CatalogueFilter {
  parentId?: number
  categoryId?: number
  type?: string
  keyword?: string
}

export interface AdminCourseFilter {
  keyword?: string
  categoryId?: number
  type?: string
  status?: string
}

/** `update <table> set sort = position` for the ids in their order, in one statement. */
function sortSql(table: typeof courseCategories | typeof courseChapters | typeof courseSections, ids: number[], extra?: SQL) {
  const values = sql.join(
    ids.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
    sql`, `,
  )
  return sql`update ${table} set sort = v.sort${extra ? sql`, ${extra}` : sql``}, updated_at = now() from (values ${values}) as v(id, sort) where ${table}.id = v.id`
}

export function createCoursesRepository({ db }: { db: Executor }) {
  return {
    // ---- categories ----

    /** Every category with its course count (a first-level one: its children's), parents first, in order. */
    async categories() {
      return db
        .select({
          category: courseCategories,
          courseCount: n(
            sql`(select count(*) from ${courses} c join ${courseCategories} cc on cc.id = c.category_id where cc.id = ${courseCategories.id} or cc.parent_id = ${courseCategories.id})`,
          ),
        })
        .from(courseCategories)
        .orderBy(asc(courseCategories.sort), asc(courseCategories.id))
    },
    async findCategory({ id }: { id: number }): Promise<CategoryRow | undefined> {
      return rowById(db, courseCategories, id)
    },
    async categoryChildren({ parentId }: { parentId: number | null }): Promise<CategoryRow[]> {
      return db
        .select()
        .from(courseCategories)
        .where(parentId === null ? isNull(courseCategories.parentId) : eq(courseCategories.parentId, parentId))
        .orderBy(asc(courseCategories.sort), asc(courseCategories.id))
    },
    async insertCategory(values: typeof courseCategories.$inferInsert): Promise<CategoryRow> {
      return insertRow(db, courseCategories, values)
    },
    async updateCategory({ id, values }: { id: number; values: Partial<typeof courseCategories.$inferInsert> }) {
      return updateRow(db, courseCategories, id, values)
    },
    /** Removes a category with no child and no course (answers false otherwise, or when there is none). */
    async deleteEmptyCategory({ id }: { id: number }): Promise<boolean> {
      const rows = await db
        .delete(courseCategories)
        .where(
          and(
            eq(courseCategories.id, id),
            sql`not exists (select 1 from ${courses} where ${courses.categoryId} = ${id})`,
            sql`not exists (select 1 from ${courseCategories} child where child.parent_id = ${id})`,
          ),
        )
        .returning({ id: courseCategories.id })
      return rows.length === 1
    },
    async sortCategories({ ids }: { ids: number[] }) {
      if (ids.length) await db.execute(sortSql(courseCategories, ids))
    },
    async categoryCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(courseCategories)
      return row?.n ?? 0
    },

    // ---- courses, as a student sees them ----

    async catalogue({ studentId, filter, page, size }: { studentId: number; filter: CatalogueFilter; page: number; size: number }) {
      const c: SQL[] = [listed]
      if (filter.parentId !== undefined) c.push(eq(courseCategories.parentId, filter.parentId))
      if (filter.categoryId !== undefined) c.push(eq(courses.categoryId, filter.categoryId))
      if (filter.type) c.push(eq(courses.type, filter.type))
      if (filter.keyword) c.push(ilike(courses.title, containing(filter.keyword)))
      const where = and(...c)
      const rows = await db
        .select(cardColumns(studentId))
        .from(courses)
        .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
        .leftJoin(parentCategory, eq(parentCategory.id, courseCategories.parentId))
        .where(where)
        .orderBy(asc(courses.sort), desc(courses.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(courses)
        .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
        .leftJoin(parentCategory, eq(parentCategory.id, courseCategories.parentId))
        .where(where)
      return { rows: rows as CardRow[], total: total?.n ?? 0 }
    },

    /** One course as the student may see it (listed, or joined), as a card with its enrolment; undefined otherwise. */
    async courseForStudent({ studentId, id }: { studentId: number; id: number }) {
      const [row] = await db
        .select({ ...cardColumns(studentId), enrolment: courseEnrolments })
        .from(courses)
        .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
        .leftJoin(parentCategory, eq(parentCategory.id, courseCategories.parentId))
        .leftJoin(courseEnrolments, and(eq(courseEnrolments.courseId, courses.id), eq(courseEnrolments.studentId, studentId)))
        .where(and(eq(courses.id, id), visibleTo(studentId)))
        .limit(1)
      return row as (CardRow & { enrolment: EnrolmentRow | null }) | undefined
    },

    /** The student's favourites they may still see, newest favourite first. */
    async favourites({ studentId, page, size }: { studentId: number; page: number; size: number }) {
      const where = and(eq(courseFavourites.studentId, studentId), visibleTo(studentId))
      const from = () =>
        db
          .select(cardColumns(studentId))
          .from(courseFavourites)
          .innerJoin(courses, eq(courses.id, courseFavourites.courseId))
          .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
          .leftJoin(parentCategory, eq(parentCategory.id, courseCategories.parentId))
      const rows = await from()
        .where(where)
        .orderBy(desc(courseFavourites.createdAt), desc(courses.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(courseFavourites)
        .innerJoin(courses, eq(courses.id, courseFavourites.courseId))
        .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
        .leftJoin(parentCategory, eq(parentCategory.id, courseCategories.parentId))
        .where(where)
      return { rows: rows as CardRow[], total: total?.n ?? 0 }
    },
    async addFavourite({ studentId, courseId }: { studentId: number; courseId: number }) {
      await db.insert(courseFavourites).values({ studentId, courseId }).onConflictDoNothing()
    },
    async removeFavourite({ studentId, courseId }: { studentId: number; courseId: number }) {
      await db.delete(courseFavourites).where(and(eq(courseFavourites.studentId, studentId), eq(courseFavourites.courseId, courseId)))
    },
    /** A view, at most one per student, course and Asia/Shanghai day. */
    async recordClick({ studentId, courseId }: { studentId: number; courseId: number }) {
      await db
        .insert(courseClicks)
        .values({ studentId, courseId, day: sql`(now() at time zone 'Asia/Shanghai')::date` })
        .onConflictDoNothing()
    },

    // ---- courses, as the office sees them ----

    async findCourse({ id }: { id: number }): Promise<CourseRow | undefined> {
      return rowById(db, courses, id)
    },
    async lockCourse({ id }: { id: number }): Promise<CourseRow | undefined> {
      return rowById(db, courses, id, { forUpdate: true })
    },
    async adminList({ filter, page, size }: { filter: AdminCourseFilter; page: number; size: number }) {
      const c: SQL[] = []
      if (filter.keyword) c.push(ilike(courses.title, containing(filter.keyword)))
      if (filter.categoryId !== undefined)
        c.push(or(eq(courses.categoryId, filter.categoryId), eq(courseCategories.parentId, filter.categoryId))!)
      if (filter.type) c.push(eq(courses.type, filter.type))
      if (filter.status) c.push(eq(courses.status, filter.status))
      const where = c.length ? and(...c) : undefined
      const rows = await db
        .select(adminColumns)
        .from(courses)
        .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
        .where(where)
        .orderBy(asc(courses.sort), desc(courses.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(courses)
        .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
        .where(where)
      return { rows, total: total?.n ?? 0 }
    },
    async adminCourse({ id }: { id: number }) {
      const [row] = await db
        .select({ ...adminColumns, parentCategoryId: courseCategories.parentId })
        .from(courses)
        .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
        .where(eq(courses.id, id))
        .limit(1)
      return row
    },
    async insertCourse(values: typeof courses.$inferInsert): Promise<CourseRow> {
      return insertRow(db, courses, values)
    },
    async updateCourse({ id, values }: { id: number; values: Partial<typeof courses.$inferInsert> }) {
      return updateRow(db, courses, id, values)
    },
    /** Removes a course and its chapters, sections and live sessions (enrolments refuse it: the caller checks first). */
    async deleteCourse({ id }: { id: number }) {
      await db.delete(courseSections).where(eq(courseSections.courseId, id))
      await db.delete(courseChapters).where(eq(courseChapters.courseId, id))
      await db.delete(liveSessions).where(eq(liveSessions.courseId, id))
      await db.delete(courses).where(eq(courses.id, id))
    },
    async enrolmentCount({ courseId }: { courseId: number }): Promise<number> {
      const [row] = await db.select({ n: count() }).from(courseEnrolments).where(eq(courseEnrolments.courseId, courseId))
      return row?.n ?? 0
    },
    async sectionCount({ courseId }: { courseId: number }): Promise<number> {
      const [row] = await db.select({ n: count() }).from(courseSections).where(eq(courseSections.courseId, courseId))
      return row?.n ?? 0
    },

    // ---- chapters and sections ----

    async chapters({ courseId }: { courseId: number }): Promise<ChapterRow[]> {
      return db
        .select()
        .from(courseChapters)
        .where(eq(courseChapters.courseId, courseId))
        .orderBy(asc(courseChapters.sort), asc(courseChapters.id))
    },
    async sections({ courseId }: { courseId: number }): Promise<SectionRow[]> {
      return db
        .select({ section: courseSections })
        .from(courseSections)
        .innerJoin(courseChapters, eq(courseChapters.id, courseSections.chapterId))
        .where(eq(courseSections.courseId, courseId))
        .orderBy(asc(courseChapters.sort), asc(courseChapters.id), asc(courseSections.sort), asc(courseSections.id))
        .then((rows) => rows.map((r) => r.section))
    },
    async findChapter({ id }: { id: number }): Promise<ChapterRow | undefined> {
      return rowById(db, courseChapters, id)
    },
    async insertChapter({ courseId, title }: { courseId: number; title: string }): Promise<ChapterRow> {
      const [row] = await db
        .insert(courseChapters)
        .values({
          courseId,
          title,
          sort: sql`(select coalesce(max(sort), 0) + 1 from ${courseChapters} where course_id = ${courseId})`,
        })
        .returning()
      return row!
    },
    async updateChapter({ id, title }: { id: number; title: string }) {
      const [row] = await db.update(courseChapters).set({ title, updatedAt: new Date() }).where(eq(courseChapters.id, id)).returning()
      return row
    },
    /** Removes a chapter without sections (false: it has some, or there is none). */
    async deleteEmptyChapter({ id }: { id: number }): Promise<boolean> {
      const rows = await db
        .delete(courseChapters)
        .where(and(eq(courseChapters.id, id), sql`not exists (select 1 from ${courseSections} where ${courseSections.chapterId} = ${id})`))
        .returning({ id: courseChapters.id })
      return rows.length === 1
    },
    async sortChapters({ ids }: { ids: number[] }) {
      if (ids.length) await db.execute(sortSql(courseChapters, ids))
    },
    async findSection({ id }: { id: number }): Promise<SectionRow | undefined> {
      return rowById(db, courseSections, id)
    },
    async insertSection(values: Omit<typeof courseSections.$inferInsert, 'sort'>): Promise<SectionRow> {
      const [row] = await db
        .insert(courseSections)
        .values({
          ...values,
          sort: sql`(select coalesce(max(sort), 0) + 1 from ${courseSections} where chapter_id = ${values.chapterId})`,
        })
        .returning()
      return row!
    },
    async updateSection({ id, values }: { id: number; values: Partial<typeof courseSections.$inferInsert> }) {
      return updateRow(db, courseSections, id, values)
    },
    async deleteSection({ id }: { id: number }) {
      await db.delete(courseSections).where(eq(courseSections.id, id))
    },
    /** Puts `ids` into `chapterId` in this order (moving any from other chapters). */
    async placeSections({ chapterId, ids }: { chapterId: number; ids: number[] }) {
      if (ids.length) await db.execute(sortSql(courseSections, ids, sql`chapter_id = ${chapterId}`))
    },

    // ---- enrolments ----

    async findEnrolment({ studentId, courseId }: { studentId: number; courseId: number }): Promise<EnrolmentRow | undefined> {
      const [row] = await db
        .select()
        .from(courseEnrolments)
        .where(and(eq(courseEnrolments.studentId, studentId), eq(courseEnrolments.courseId, courseId)))
        .limit(1)
      return row
    },
    /** Enrols a student once (a second call changes nothing); answers whether this call enrolled them. */
    async enrol(values: typeof courseEnrolments.$inferInsert): Promise<boolean> {
      const rows = await db.insert(courseEnrolments).values(values).onConflictDoNothing().returning({ id: courseEnrolments.id })
      return rows.length === 1
    },
    /**
     * Grants a course to every student `who` selects, in one statement (those who have it already
     * keep their enrolment): answers how many were selected and how many got it now.
     */
    async grant({ courseId, who, adminId }: { courseId: number; who: SQL; adminId: number | null }) {
      const [matched] = await db.select({ n: count() }).from(studentsView).where(who)
      const inserted = await db.execute(sql`
        insert into ${courseEnrolments} (student_id, course_id, source, granted_by)
        select ${studentsView.id}, ${courseId}, ${EnrolmentSource.granted}, ${adminId} from ${studentsView} where ${who}
        on conflict (student_id, course_id) do nothing
        returning id`)
      const granted = (inserted as unknown as { rows: unknown[] }).rows.length
      return { matched: matched?.n ?? 0, granted }
    },
    async deleteEnrolment({ id }: { id: number }) {
      await db.delete(courseEnrolments).where(eq(courseEnrolments.id, id))
    },

    // ---- live sessions ----

    async findLive({ id }: { id: number }) {
      const [row] = await db
        .select({ live: liveSessions, courseTitle: courses.title })
        .from(liveSessions)
        .innerJoin(courses, eq(courses.id, liveSessions.courseId))
        .where(eq(liveSessions.id, id))
        .limit(1)
      return row
    },
    async liveList({ filter, page, size }: { filter: { courseId?: number; from?: Date; to?: Date }; page: number; size: number }) {
      const c: SQL[] = []
      if (filter.courseId !== undefined) c.push(eq(liveSessions.courseId, filter.courseId))
      if (filter.from) c.push(gte(liveSessions.startsAt, filter.from))
      if (filter.to) c.push(lt(liveSessions.startsAt, filter.to))
      const where = c.length ? and(...c) : undefined
      const rows = await db
        .select({ live: liveSessions, courseTitle: courses.title })
        .from(liveSessions)
        .innerJoin(courses, eq(courses.id, liveSessions.courseId))
        .where(where)
        .orderBy(desc(liveSessions.startsAt), desc(liveSessions.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(liveSessions).where(where)
      return { rows, total: total?.n ?? 0 }
    },
    async insertLive(values: typeof liveSessions.$inferInsert): Promise<LiveSessionRow> {
      return insertRow(db, liveSessions, values)
    },
    async updateLive({ id, values }: { id: number; values: Partial<typeof liveSessions.$inferInsert> }) {
      return updateRow(db, liveSessions, id, values)
    },
    /** Removes a live session no section names (false: one does, or there is none). */
    async deleteUnusedLive({ id }: { id: number }): Promise<boolean> {
      const rows = await db
        .delete(liveSessions)
        .where(
          and(eq(liveSessions.id, id), sql`not exists (select 1 from ${courseSections} where ${courseSections.liveSessionId} = ${id})`),
        )
        .returning({ id: liveSessions.id })
      return rows.length === 1
    },
    /**
     * The enrolment studied now: its last section (null: kept) and time, and, when given, its finished
     * count (the study module's recount of its progress rows, evaluated in this UPDATE).
     */
    async touchEnrolment({
      enrolmentId,
      sectionId,
      finished,
      now,
    }: {
      enrolmentId: number
      sectionId: number | null
      finished?: SQL
      now: Date
    }): Promise<number> {
      const [row] = await db
        .update(courseEnrolments)
        .set({
          ...(sectionId !== null ? { lastSectionId: sectionId } : {}),
          lastStudiedAt: sql`greatest(${courseEnrolments.lastStudiedAt}, ${now.toISOString()}::timestamptz)`,
          ...(finished ? { finished } : {}),
          updatedAt: now,
        })
        .where(eq(courseEnrolments.id, enrolmentId))
        .returning({ finished: courseEnrolments.finished })
      return row?.finished ?? 0
    },

    /**
     * Claims the live classes starting within `beforeMs` of `now` whose reminder has not gone out:
     * one UPDATE, so of several processes running the job at once each class goes to one of them.
     */
    async claimLiveReminders({ now, beforeMs }: { now: Date; beforeMs: number }) {
      const until = new Date(now.getTime() + beforeMs)
      return db
        .update(liveSessions)
        .set({ remindedAt: now })
        .where(
          and(
            sql`${liveSessions.remindedAt} is null`,
            lte(liveSessions.startsAt, until),
            sql`${liveSessions.startsAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .returning({
          id: liveSessions.id,
          courseId: liveSessions.courseId,
          title: liveSessions.title,
          startsAt: liveSessions.startsAt,
        })
    },

    async sectionsOfIds({ ids }: { ids: number[] }): Promise<SectionRow[]> {
      if (ids.length === 0) return []
      return db.select().from(courseSections).where(inArray(courseSections.id, ids))
    },
  }
}

/** The console's figures of a course. */
const adminColumns = {
  course: courses,
  categoryName: courseCategories.name,
  sectionCount,
  studentCount,
  finishedCount: n(
    sql`(select count(*) from ${courseEnrolments} where ${courseEnrolments.courseId} = ${courses.id} and ${courseEnrolments.finished} > 0 and ${courseEnrolments.finished} >= (select count(*) from ${courseSections} where ${courseSections.courseId} = ${courses.id}))`,
  ),
}
