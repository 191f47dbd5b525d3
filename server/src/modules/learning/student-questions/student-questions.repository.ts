import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { ReplyStatus } from '../../../wire.ts'
import { adminsView } from '../../platform/index.ts'
import { courseSectionsView, coursesView } from '../courses/index.ts'
import { studentRecipients, studentsView } from '../../roll/index.ts'
import { studentQuestionPosts, studentQuestions } from './student-questions.table.ts'
import { containing, personKeyword } from '../../../lib/person-search.ts'
import { insertRow } from '../../../db/rows.ts'

export type QuestionRow = typeof studentQuestions.$inferSelect
export type PostRow = typeof studentQuestionPosts.$inferSelect & { teacherName: string | null }

/** A question with the titles its cards show. */
const cardColumns = {
  id: studentQuestions.id,
  studentId: studentQuestions.studentId,
  courseId: studentQuestions.courseId,
  courseTitle: coursesView.title,
  sectionId: studentQuestions.sectionId,
  sectionTitle: courseSectionsView.title,
  title: studentQuestions.title,
  status: studentQuestions.status,
  studentUnread: studentQuestions.studentUnread,
  closedAt: studentQuestions.closedAt,
  closedBy: studentQuestions.closedBy,
  lastPostAt: studentQuestions.lastPostAt,
  createdAt: studentQuestions.createdAt,
}

/** Waiting for a teacher: 待回复 and not closed. */
const waiting = sql`(${studentQuestions.status} = ${ReplyStatus.pending} and ${studentQuestions.closedAt} is null)`

export function createStudentQuestionsRepository({ db }: { db: Executor }) {
  const cards = () =>
    db
      .select(cardColumns)
      .from(studentQuestions)
      .innerJoin(coursesView, eq(coursesView.id, studentQuestions.courseId))
      .leftJoin(courseSectionsView, eq(courseSectionsView.id, studentQuestions.sectionId))

  return {
    async insert(values: typeof studentQuestions.$inferInsert): Promise<QuestionRow> {
      return insertRow(db, studentQuestions, values)
    },

    async insertPost(values: typeof studentQuestionPosts.$inferInsert) {
      return insertRow(db, studentQuestionPosts, values)
    },

    async update({ id, values }: { id: number; values: Partial<typeof studentQuestions.$inferInsert> }) {
      await db
        .update(studentQuestions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(studentQuestions.id, id))
    },

    /** The question locked for a change of its thread (one post, one status change at a time). */
    async lock({ id, studentId }: { id: number; studentId?: number }): Promise<QuestionRow | undefined> {
      const [row] = await db
        .select()
        .from(studentQuestions)
        .where(and(eq(studentQuestions.id, id), studentId === undefined ? undefined : eq(studentQuestions.studentId, studentId)))
        .for('update')
      return row
    },

    /** The question's card, the student's own only when `studentId` is given. */
    async card({ id, studentId }: { id: number; studentId?: number }) {
      const [row] = await cards()
        .where(and(eq(studentQuestions.id, id), studentId === undefined ? undefined : eq(studentQuestions.studentId, studentId)))
        .limit(1)
      return row
    },

    /** The thread, oldest first, with the name of each answering operator. */
    async posts({ questionId }: { questionId: number }): Promise<PostRow[]> {
      return db
        .select({
          id: studentQuestionPosts.id,
          questionId: studentQuestionPosts.questionId,
          author: studentQuestionPosts.author,
          adminId: studentQuestionPosts.adminId,
          content: studentQuestionPosts.content,
          images: studentQuestionPosts.images,
          createdAt: studentQuestionPosts.createdAt,
          teacherName: adminsView.name,
        })
        .from(studentQuestionPosts)
        .leftJoin(adminsView, eq(adminsView.id, studentQuestionPosts.adminId))
        .where(eq(studentQuestionPosts.questionId, questionId))
        .orderBy(asc(studentQuestionPosts.id))
    },

    /** The student's questions, the latest post first (student_questions_student_idx). */
    async listForStudent({ studentId, status, page, size }: { studentId: number; status?: string; page: number; size: number }) {
      const where = and(eq(studentQuestions.studentId, studentId), status ? eq(studentQuestions.status, status) : undefined)
      const rows = await cards()
        .where(where)
        .orderBy(desc(studentQuestions.lastPostAt), desc(studentQuestions.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(studentQuestions).where(where)
      return { rows, total: total?.n ?? 0 }
    },

    /** How many of the student's questions hold a teacher's reply they have not read (student_questions_unread_idx). */
    async unreadCount({ studentId }: { studentId: number }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(studentQuestions)
        .where(and(eq(studentQuestions.studentId, studentId), gt(studentQuestions.studentUnread, 0)))
      return row?.n ?? 0
    },

    /**
     * The office's queue: those waiting for a teacher first, the longest waiting first; then the
     * rest, the latest post first.
     */
    async listForConsole({
      filter,
      page,
      size,
    }: {
      filter: { status?: string; courseId?: number; closed?: boolean; keyword?: string }
      page: number
      size: number
    }) {
      const like = filter.keyword ? containing(filter.keyword) : undefined
      const where = and(
        filter.status ? eq(studentQuestions.status, filter.status) : undefined,
        filter.courseId ? eq(studentQuestions.courseId, filter.courseId) : undefined,
        filter.closed === undefined ? undefined : filter.closed ? isNotNull(studentQuestions.closedAt) : isNull(studentQuestions.closedAt),
        like
          ? personKeyword(filter.keyword, {
              text: [studentQuestions.title, studentsView.name, studentsView.studentNo],
              phones: [studentsView.phone],
            })
          : undefined,
      )
      const postCount = db.select({ n: count() }).from(studentQuestionPosts).where(eq(studentQuestionPosts.questionId, studentQuestions.id))
      const rows = await db
        .select({
          ...cardColumns,
          name: studentsView.name,
          studentNo: studentsView.studentNo,
          posts: sql<number>`(${postCount})`.mapWith(Number),
        })
        .from(studentQuestions)
        .innerJoin(studentsView, eq(studentsView.id, studentQuestions.studentId))
        .innerJoin(coursesView, eq(coursesView.id, studentQuestions.courseId))
        .leftJoin(courseSectionsView, eq(courseSectionsView.id, studentQuestions.sectionId))
        .where(where)
        .orderBy(
          desc(waiting),
          sql`case when ${waiting} then ${studentQuestions.lastPostAt} end asc`,
          desc(studentQuestions.lastPostAt),
          desc(studentQuestions.id),
        )
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(studentQuestions)
        .innerJoin(studentsView, eq(studentsView.id, studentQuestions.studentId))
        .where(where)
      return { rows, total: total?.n ?? 0 }
    },

    async student({ id }: { id: number }) {
      const [row] = await db
        .select({
          id: studentsView.id,
          name: studentsView.name,
          studentNo: studentsView.studentNo,
          phone: studentsView.phone,
          accountId: studentsView.accountId,
        })
        .from(studentsView)
        .where(eq(studentsView.id, id))
        .limit(1)
      return row
    },

    /** The section, when it is one of the course's. */
    async sectionOfCourse({ sectionId, courseId }: { sectionId: number; courseId: number }) {
      const [row] = await db
        .select({ id: courseSectionsView.id })
        .from(courseSectionsView)
        .where(and(eq(courseSectionsView.id, sectionId), eq(courseSectionsView.courseId, courseId)))
        .limit(1)
      return row
    },

    /**
     * The (account_id, partner_id) a reply's message goes to, as a SELECT to run inside another
     * statement: the student's account, and their partner profile when they are one too.
     */
    recipient({ studentId }: { studentId: number }): SQL {
      return studentRecipients(db, eq(studentsView.id, studentId))
    },

    /** Closes the open ones among `ids` (locked in id order); answers the ids closed now. */
    async closeMany({ ids, now }: { ids: number[]; now: Date }): Promise<Array<{ id: number; title: string }>> {
      const open = await db
        .select({ id: studentQuestions.id })
        .from(studentQuestions)
        .where(and(inArray(studentQuestions.id, ids), isNull(studentQuestions.closedAt)))
        .orderBy(asc(studentQuestions.id))
        .for('update')
      if (open.length === 0) return []
      return db
        .update(studentQuestions)
        .set({ closedAt: now, closedBy: 'teacher', updatedAt: now })
        .where(
          and(
            inArray(
              studentQuestions.id,
              open.map((r) => r.id),
            ),
            isNull(studentQuestions.closedAt),
          ),
        )
        .returning({ id: studentQuestions.id, title: studentQuestions.title })
    },
  }
}

export type QuestionCard = NonNullable<Awaited<ReturnType<ReturnType<typeof createStudentQuestionsRepository>['card']>>>
