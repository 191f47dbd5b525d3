import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { students } from '../students/students.table.ts'

/**
 * A parcel (包裹) on its way to a student: a carrier's waybill for what one source sends (a
 * mailing's textbooks, a points-shop exchange; one parcel per source). Its state only moves
 * forward (待揽收, 揽收, 在途, 派件, 签收); an exception (退签, 疑难, 无记录) puts it in the office's
 * queue until handled; the student confirms receipt once.
 */
export const parcels = pgTable(
  'parcels',
  {
    id: id(),
    /** ParcelSource label and the source's id (a textbook record, a good order). */
    sourceType: text('source_type').notNull(),
    sourceId: integer('source_id').notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** What it carries, as the student reads it: 「2026年秋季教材」, 「帆布书包」×1. */
    title: text('title').notNull(),
    /** The provider's carrier code (CARRIERS) and the waybill number. */
    carrier: text('carrier').notNull(),
    waybillNo: text('waybill_no').notNull(),
    /** ParcelState label. */
    state: text('state').notNull(),
    /** ParcelException label (退签, 疑难, 无记录) while one stands; null: none. */
    exception: text('exception'),
    exceptionAt: ts('exception_at'),
    /** The office handled the exception standing at that time (a new one clears these). */
    handledAt: ts('handled_at'),
    handledBy: integer('handled_by'),
    handledNote: text('handled_note'),
    /** The newest track's time and words (the list's line). */
    lastTrackAt: ts('last_track_at'),
    lastContext: text('last_context'),
    signedAt: ts('signed_at'),
    /** The provider accepted the subscription; or why it did not (retried from the console). */
    subscribedAt: ts('subscribed_at'),
    subscribeError: text('subscribe_error'),
    /** 确认收货: once, by the student. */
    receivedAt: ts('received_at'),
    shippedAt: ts('shipped_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('parcels_source_idx').on(t.sourceType, t.sourceId),
    uniqueIndex('parcels_waybill_idx').on(t.carrier, t.waybillNo),
    index('parcels_student_idx').on(t.studentId),
    index('parcels_open_exception_idx')
      .on(t.exceptionAt)
      .where(sql`${t.exception} is not null and ${t.handledAt} is null`),
    index('parcels_created_idx').on(t.createdAt, t.id),
  ],
)

/** A parcel's tracks (物流轨迹) as pushed, each once. */
export const parcelTracks = pgTable(
  'parcel_tracks',
  {
    id: id(),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    time: ts('time').notNull(),
    context: text('context').notNull(),
    /** The provider's word for the track's state, when given. */
    status: text('status'),
    areaName: text('area_name'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('parcel_tracks_once_idx').on(t.parcelId, t.time, t.context)],
)

/**
 * Every verified push, stored before it is applied: the waybill, its newest track's time (the
 * de-duplication key with the waybill: the same push twice is one row), the provider's state code
 * and the raw form. `parcelId` is null for a waybill that is not ours.
 */
export const trackingPushes = pgTable(
  'tracking_pushes',
  {
    id: id(),
    carrier: text('carrier').notNull(),
    waybillNo: text('waybill_no').notNull(),
    /** The newest track's time as ISO text, or `status:<push status>` for a push without tracks. */
    dedupeKey: text('dedupe_key').notNull(),
    parcelId: integer('parcel_id').references(() => parcels.id, { onDelete: 'set null' }),
    state: text('state'),
    status: text('status').notNull(),
    body: text('body').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tracking_pushes_once_idx').on(t.carrier, t.waybillNo, t.dedupeKey)],
)
