import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '../../../db/types.ts'
import { NoticeStatus } from '../../../wire.ts'
import { studentRecipients, studentsView } from '../students/index.ts'
import { noticeReads, notices } from './notices.table.ts'
import { containing } from '../../../lib/person-search.ts'
import { rowById, rowWrites } from '../../../db/rows.ts'

export type NoticeRow = typeof notices.$inferSelect
export type NoticeInsert = typeof notices.$inferInsert

/** The roll fields a notice's audience is matched on. */
export interface Audience {
  school: string
  major: string
  level: string
  batchYear: number
  batch: number
}

/** A notice's target fields; null is "any". */
export interface NoticeTarget {
  targetSchool: string | null
  targetMajor: string | null
  targetLevel: string | null
  targetBatchYear: number | null
  targetBatch: number | null
}

type RollOf<T> = { [K in keyof T]: T[K] | AnyPgColumn }

/** Notices addressed to a roll (values, or the students table's columns): every target field set matches (none set: everyone). */
export function addressedTo(a: RollOf<Audience>): SQL {
  return and(
    or(isNull(notices.targetSchool), eq(notices.targetSchool, a.school)),
    or(isNull(notices.targetMajor), eq(notices.targetMajor, a.major)),
    or(isNull(notices.targetLevel), eq(notices.targetLevel, a.level)),
    or(isNull(notices.targetBatchYear), eq(notices.targetBatchYear, a.batchYear)),
    or(isNull(notices.targetBatch), eq(notices.targetBatch, a.batch)),
  )!
}

/** Notices addressed to the student of the joined `students` row. */
const addressedToStudentRow = addressedTo({
  school: studentsView.school,
  major: studentsView.major,
  level: studentsView.level,
  batchYear: studentsView.batchYear,
  batch: studentsView.batch,
})

/** The students a target addresses (a condition on `students`; undefined: every student). */
export function studentsAddressedBy(t: NoticeTarget): SQL | undefined {
  const c: SQL[] = []
  if (t.targetSchool !== null) c.push(eq(studentsView.school, t.targetSchool))
  if (t.targetMajor !== null) c.push(eq(studentsView.major, t.targetMajor))
  if (t.targetLevel !== null) c.push(eq(studentsView.level, t.targetLevel))
  if (t.targetBatchYear !== null) c.push(eq(studentsView.batchYear, t.targetBatchYear))
  if (t.targetBatch !== null) c.push(eq(studentsView.batch, t.targetBatch))
  return c.length ? and(...c) : undefined
}

/** The console's figures of a notice: students it addresses now, and how many of them opened it. */
const adminColumns = {
  ...getTableColumns(notices),
  audience: sql<number>`(select count(*) from ${studentsView} where ${addressedToStudentRow})`.mapWith(Number),
  readCount: sql<number>`(select count(*) from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id})`.mapWith(Number),
}
export type AdminNoticeRow = NoticeRow & { audience: number; readCount: number }

/** The student's notices: published and addressed to their roll as it is now. */
const forStudent = (studentId: number) => and(eq(studentsView.id, studentId), addressedToStudentRow)
const isRead = sql<boolean>`(${noticeReads.noticeId} is not null)`.mapWith(Boolean)

export function createNoticesRepository({ db }: { db: Executor }) {
  return {
    async findById({ id }: { id: number }): Promise<NoticeRow | undefined> {
      return rowById(db, notices, id)
    },

    /** The row locked for a change of status (two operators publishing at once: one waits). */
    async lockById({ id }: { id: number }): Promise<NoticeRow | undefined> {
      return rowById(db, notices, id, { forUpdate: true })
    },

    async findForAdmin({ id }: { id: number }): Promise<AdminNoticeRow | undefined> {
      const [row] = await db.select(adminColumns).from(notices).where(eq(notices.id, id)).limit(1)
      return row
    },

    ...rowWrites(db, notices),

    /** The console's list: newest first, by status and a part of the title. */
    async list({ filter, page, size }: { filter: { status?: string; keyword?: string }; page: number; size: number }) {
      const c: SQL[] = []
      if (filter.status) c.push(eq(notices.status, filter.status))
      if (filter.keyword) c.push(ilike(notices.title, containing(filter.keyword)))
      const where = c.length ? and(...c) : undefined
      const rows = await db
        .select(adminColumns)
        .from(notices)
        .where(where)
        .orderBy(desc(notices.createdAt), desc(notices.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(notices).where(where)
      return { rows, total: total?.n ?? 0 }
    },

    /** How many students a target addresses now. */
    async audienceCount(target: NoticeTarget): Promise<number> {
      const [row] = await db.select({ n: count() }).from(studentsView).where(studentsAddressedBy(target))
      return row?.n ?? 0
    },

    /**
     * The (account_id, partner_id) of every student a target addresses, as a SELECT to run inside
     * another statement: the student's account, and their partner profile when they are one too.
     */
    recipients(target: NoticeTarget): SQL {
      return studentRecipients(db, studentsAddressedBy(target))
    },

    /** The student's notices: unread first, then newest first. */
    /**
     * The latest published notices addressed to any of `studentIds`, each with how many of those
     * students it addresses and how many of them opened it (a head teacher's class).
     */
    async reachAmong({ studentIds, limit }: { studentIds: number[]; limit: number }) {
      if (!studentIds.length) return []
      const among = inArray(studentsView.id, studentIds)
      return db
        .select({
          id: notices.id,
          title: notices.title,
          publishedAt: notices.publishedAt,
          audience: sql<number>`count(distinct ${studentsView.id})`.mapWith(Number),
          read: sql<number>`count(distinct ${noticeReads.studentId})`.mapWith(Number),
        })
        .from(notices)
        .innerJoin(studentsView, and(among, addressedToStudentRow))
        .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.studentId, studentsView.id)))
        .where(eq(notices.status, NoticeStatus.published))
        .groupBy(notices.id)
        .orderBy(desc(notices.publishedAt), desc(notices.id))
        .limit(limit)
    },
    async listForStudent({ studentId, page, size }: { studentId: number; page: number; size: number }) {
      const published = eq(notices.status, NoticeStatus.published)
      const rows = await db
        .select({ id: notices.id, title: notices.title, content: notices.content, publishedAt: notices.publishedAt, read: isRead })
        .from(notices)
        .innerJoin(studentsView, forStudent(studentId))
        .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.studentId, studentId)))
        .where(published)
        .orderBy(asc(isRead), desc(notices.publishedAt), desc(notices.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(notices).innerJoin(studentsView, forStudent(studentId)).where(published)
      return { rows, total: total?.n ?? 0 }
    },

    /** One published notice addressed to the student, or undefined. */
    async findForStudent({ studentId, id }: { studentId: number; id: number }): Promise<NoticeRow | undefined> {
      const [row] = await db
        .select(getTableColumns(notices))
        .from(notices)
        .innerJoin(studentsView, forStudent(studentId))
        .where(and(eq(notices.id, id), eq(notices.status, NoticeStatus.published)))
        .limit(1)
      return row
    },

    /** The student opened the notice (the first opening's time is kept). */
    async markRead({ studentId, noticeId }: { studentId: number; noticeId: number }): Promise<void> {
      await db.insert(noticeReads).values({ studentId, noticeId }).onConflictDoNothing()
    },

    /** Published notices addressed to the student's roll as it is now that they have not opened. */
    async unreadCountForStudent({ studentId }: { studentId: number }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notices)
        .innerJoin(studentsView, forStudent(studentId))
        .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.studentId, studentId)))
        .where(and(eq(notices.status, NoticeStatus.published), isNull(noticeReads.noticeId)))
      return row?.n ?? 0
    },
  }
}
