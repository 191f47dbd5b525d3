import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { students } from '../students/students.table.ts'

/**
 * A notice (通知公告) the office publishes to students. Its audience is every student whose roll
 * matches all of the target fields set (none set: every student); a student sees the published
 * notices addressed to them now.
 */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    title: text('title').notNull(),
    /** Sanitised rich text (HTML), as activities and contents. */
    content: text('content').notNull(),
    targetSchool: text('target_school'),
    targetMajor: text('target_major'),
    /** StudentLevel label. */
    targetLevel: text('target_level'),
    targetBatchYear: integer('target_batch_year'),
    targetBatch: integer('target_batch'),
    /** NoticeStatus label (草稿, 已发布, 已下架). */
    status: text('status').notNull(),
    publishedAt: ts('published_at'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notices_status_published_idx').on(t.status, t.publishedAt, t.id), index('notices_created_idx').on(t.createdAt, t.id)],
)

/** Which student read which notice, and when (first opened). */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.noticeId] })],
)
