import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { students } from '../students/students.table.ts'

/**
 * A graduation photo collection (毕业照片采集) for one batch: its deadline and the photo's
 * specification, set by the office when it opens it (480×640 JPG on light blue, 10-100 KB unless
 * changed), and how the approved photos are named in the batch's ZIP.
 */
export const photoCollections = pgTable(
  'photo_collections',
  {
    id: id(),
    title: text('title').notNull(),
    batchYear: integer('batch_year').notNull(),
    batch: integer('batch').notNull(),
    deadline: ts('deadline').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    minKb: integer('min_kb').notNull(),
    maxKb: integer('max_kb').notNull(),
    /** What the background must be, as the student reads it (浅蓝色). */
    background: text('background').notNull(),
    /** PhotoNaming label: each file in the ZIP named by 身份证号 or 学号. */
    naming: text('naming').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('photo_collections_batch_idx').on(t.batchYear, t.batch)],
)

/**
 * One photo a student uploaded to a collection: never overwritten, a new upload is a new row. Its
 * status is its approval's (审批中 -> 已通过 / 已驳回; 已通过 -> 已撤销). The database holds at most
 * one photo per student and collection under review or approved (photos_live_idx): two uploads at
 * once, one wins.
 */
export const graduationPhotos = pgTable(
  'graduation_photos',
  {
    id: id(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => photoCollections.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The stored file's key (graduation-photos/…). */
    key: text('key').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** ApprovalStatus label, kept in step with the photo's approval. */
    status: text('status').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('graduation_photos_student_idx').on(t.collectionId, t.studentId, t.id),
    uniqueIndex('graduation_photos_live_idx')
      .on(t.collectionId, t.studentId)
      .where(sql`status in ('审批中', '已通过')`),
  ],
)
