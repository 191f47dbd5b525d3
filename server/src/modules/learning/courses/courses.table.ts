import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { admins } from '../../platform/admins/admins.table.ts'
import { orders } from '../../money/orders/orders.table.ts'
import { students } from '../../roll/students/students.table.ts'

/**
 * The course category tree (课程分类): two levels, seeded from the specification's tree
 * (CATEGORY_TREE); courses hang on second-level categories only.
 */
export const courseCategories = pgTable(
  'course_categories',
  {
    id: id(),
    parentId: integer('parent_id').references((): never => courseCategories.id as never, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('course_categories_parent_idx').on(t.parentId, t.sort, t.id),
    uniqueIndex('course_categories_name_uq').on(sql`coalesce(${t.parentId}, 0)`, t.name),
  ],
)

/** A course (课程): sold (price > 0), free, or granted by the office; 上架 to be seen in the catalogue. */
export const courses = pgTable(
  'courses',
  {
    id: id(),
    title: text('title').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => courseCategories.id, { onDelete: 'restrict' }),
    /** ProductType label (教材 / 直播课 / 线下课). */
    type: text('type').notNull(),
    /** Fen; 0 = free. */
    price: integer('price').notNull().default(0),
    /** ProductStatus label (上架 / 下架). */
    status: text('status').notNull(),
    /** A storage key under public/ (or null). */
    coverKey: text('cover_key'),
    intro: text('intro').notNull().default(''),
    teacher: text('teacher').notNull().default(''),
    /** 首次观看禁止拖动: a section not yet finished cannot be sought past its furthest watched point. */
    noSkip: boolean('no_skip').notNull().default(false),
    /** Catalogue order (ascending), then newest. */
    sort: integer('sort').notNull().default(0),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('courses_status_sort_idx').on(t.status, t.sort, t.id),
    index('courses_category_idx').on(t.categoryId, t.status),
    check('courses_price_range', sql`${t.price} >= 0 and ${t.price} <= 100000000`),
  ],
)

export const courseChapters = pgTable(
  'course_chapters',
  {
    id: id(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('course_chapters_course_idx').on(t.courseId, t.sort, t.id)],
)

/** A live class of a course (直播), with its room and, after it ends, its playback. */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: id(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    teacher: text('teacher').notNull().default(''),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /** The provider's room URL for this class; null = the configured provider template or the local stand-in room. */
    roomUrl: text('room_url'),
    /** Storage key of the playback video, once uploaded. */
    playbackKey: text('playback_key'),
    /** Seconds. */
    playbackDuration: integer('playback_duration'),
    /** When the reminder messages went out (once). */
    remindedAt: ts('reminded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('live_sessions_course_starts_idx').on(t.courseId, t.startsAt),
    index('live_sessions_starts_idx').on(t.startsAt),
    check('live_sessions_times', sql`${t.endsAt} > ${t.startsAt}`),
  ],
)

/** A section (节) of a chapter: a video, a document or a live class. */
export const courseSections = pgTable(
  'course_sections',
  {
    id: id(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => courseChapters.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    /** SectionKind label (视频 / 文档 / 直播). */
    kind: text('kind').notNull(),
    sort: integer('sort').notNull().default(0),
    /** 试看: open to every student of a listed course. */
    trial: boolean('trial').notNull().default(false),
    /** Storage key of the video or document. */
    mediaKey: text('media_key'),
    fileName: text('file_name'),
    /** Bytes. */
    size: integer('size'),
    /** Seconds (a video's length; 0 for a document). */
    duration: integer('duration').notNull().default(0),
    liveSessionId: integer('live_session_id').references(() => liveSessions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('course_sections_chapter_idx').on(t.chapterId, t.sort, t.id),
    index('course_sections_course_idx').on(t.courseId),
    check('course_sections_duration', sql`${t.duration} >= 0`),
  ],
)

/**
 * A student's place on a course (选课): bought (the verified pay notification, in its transaction),
 * granted by the office, or joined free. One per student and course.
 */
export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    /** EnrolmentSource label (购买 / 学校开通 / 免费加入). */
    source: text('source').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    grantedBy: integer('granted_by').references(() => admins.id, { onDelete: 'set null' }),
    /** Finished sections, kept with every finish (progress = finished / the course's sections). */
    finished: integer('finished').notNull().default(0),
    lastSectionId: integer('last_section_id').references(() => courseSections.id, { onDelete: 'set null' }),
    lastStudiedAt: ts('last_studied_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // No index holds last_studied_at or finished, which every heartbeat writes: its update stays a
  // HOT one (no index entries). A student's few enrolments are found by the unique index and sorted.
  (t) => [
    uniqueIndex('course_enrolments_student_course_uq').on(t.studentId, t.courseId),
    index('course_enrolments_course_idx').on(t.courseId, t.createdAt, t.id),
  ],
)

/** 收藏: a student's favourite courses. */
export const courseFavourites = pgTable(
  'course_favourites',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.courseId] }), index('course_favourites_student_idx').on(t.studentId, t.createdAt)],
)

/** Course views (courseClick): at most one per student, course and day. */
export const courseClicks = pgTable(
  'course_clicks',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.courseId, t.day] }), index('course_clicks_course_idx').on(t.courseId, t.day)],
)
