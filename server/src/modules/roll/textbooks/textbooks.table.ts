import { sql } from 'drizzle-orm'
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { parcels } from '../parcels/parcels.table.ts'
import { classes } from '../students/classes.table.ts'
import { students } from '../students/students.table.ts'

/** One textbook of a mailing. */
export interface MailingBook {
  title: string
  isbn: string | null
  quantity: number
}

/**
 * A mailing of textbooks (教材邮寄) for a term: which students (every target field given must
 * match; none: every student), which books, and the last day (a Beijing date, the whole day) the
 * students confirm their address. A draft is edited; publishing fixes its students (one record
 * each) and tells them.
 */
export const textbookMailings = pgTable(
  'textbook_mailings',
  {
    id: id(),
    title: text('title').notNull(),
    term: text('term').notNull(),
    targetSchool: text('target_school'),
    targetMajor: text('target_major'),
    targetLevel: text('target_level'),
    targetBatchYear: integer('target_batch_year'),
    targetBatch: integer('target_batch'),
    targetClassId: integer('target_class_id').references(() => classes.id, { onDelete: 'restrict' }),
    books: jsonb('books').$type<MailingBook[]>().notNull(),
    addressDeadline: date('address_deadline').notNull(),
    /** MailingStatus label. */
    status: text('status').notNull(),
    publishedAt: ts('published_at'),
    publishedBy: integer('published_by'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('textbook_mailings_created_idx').on(t.createdAt, t.id)],
)

/**
 * One student's textbooks of a published mailing: the delivery address they confirm (until the
 * deadline; the office may correct it after, audited) and the waybill the office enters, which
 * makes the parcel tracked for them.
 */
export const textbookRecords = pgTable(
  'textbook_records',
  {
    id: id(),
    mailingId: integer('mailing_id')
      .notNull()
      .references(() => textbookMailings.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    receiver: text('receiver'),
    phone: text('phone'),
    province: text('province'),
    city: text('city'),
    district: text('district'),
    street: text('street'),
    confirmedAt: ts('confirmed_at'),
    correctedAt: ts('corrected_at'),
    correctedBy: integer('corrected_by'),
    parcelId: integer('parcel_id').references(() => parcels.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('textbook_records_once_idx').on(t.mailingId, t.studentId),
    index('textbook_records_student_idx').on(t.studentId),
    check(
      'textbook_records_address_whole',
      sql`(${t.confirmedAt} is null) or (${t.receiver} is not null and ${t.phone} is not null and ${t.province} is not null and ${t.street} is not null)`,
    ),
  ],
)
