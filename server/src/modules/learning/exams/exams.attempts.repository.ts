import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { AttemptStatus, JUDGE_KEYS, PaperStatus, PaperUse, QuestionType } from '../../../wire.ts'
import { coursesView } from '../courses/index.ts'
import { studentsView } from '../../roll/index.ts'
import { attemptQuestions, examAttempts, papers } from './exams.table.ts'
import { rowById, updateRow } from '../../../db/rows.ts'

/** A row of a raw statement: both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** Attempts: starting, answering, closing and scoring, the overdue job's claims, ranks and scores. */
export function createAttemptsRepository({ db }: { db: Executor }) {
  return {
    /** Serialises one student's starts (a second start waits, then resumes the first's attempt). */
    async lockStudent({ studentId }: { studentId: number }) {
      const [row] = await db.select({ id: studentsView.id }).from(studentsView).where(eq(studentsView.id, studentId)).for('no key update')
      return row
    },

    async attempt({ id }: { id: number }) {
      return rowById(db, examAttempts, id)
    },

    async lockAttempt({ id }: { id: number }) {
      return rowById(db, examAttempts, id, { forUpdate: true })
    },

    async attemptsOf({ paperId, studentId }: { paperId: number; studentId: number }) {
      return db
        .select()
        .from(examAttempts)
        .where(and(eq(examAttempts.paperId, paperId), eq(examAttempts.studentId, studentId)))
        .orderBy(asc(examAttempts.number))
    },

    async questionsOf({ attemptId }: { attemptId: number }) {
      return db.select().from(attemptQuestions).where(eq(attemptQuestions.attemptId, attemptId)).orderBy(asc(attemptQuestions.position))
    },

    /** A new attempt: `ends_at` fixed now from the database clock, cut at the paper's window. */
    async insertAttempt({
      paperId,
      studentId,
      number,
      durationMinutes,
      closesAt,
      totalScore: total,
    }: {
      paperId: number
      studentId: number
      number: number
      durationMinutes: number
      closesAt: Date | null
      totalScore: number
    }) {
      const limit = sql`now() + make_interval(mins => ${durationMinutes}::int)`
      const [row] = await db
        .insert(examAttempts)
        .values({
          paperId,
          studentId,
          number,
          status: AttemptStatus.open,
          startedAt: sql`now()`,
          endsAt: closesAt ? sql`least(${limit}, ${closesAt.toISOString()}::timestamptz)` : limit,
          totalScore: total,
        })
        .returning()
      return row!
    },

    async insertQuestions({ rows }: { rows: Array<typeof attemptQuestions.$inferInsert> }) {
      if (rows.length > 0) await db.insert(attemptQuestions).values(rows)
    },

    async setAttemptTotal({ id, total }: { id: number; total: number }) {
      await db.update(examAttempts).set({ totalScore: total }).where(eq(examAttempts.id, id))
    },

    /**
     * Saves one answer in one statement: the attempt is locked FOR SHARE (a close, FOR UPDATE, waits
     * or has won) and the answer written only while it is 答题中 and the database's now() is before
     * ends_at, and only with keys among the question's options. `answers` holds the answer as each
     * type keeps it (normalizeAnswer of @activity/domain: choice keys sorted, no repeats); the
     * question's own type picks one. No row: refused (the caller finds out why).
     */
    async saveAnswer({
      attemptId,
      studentId,
      position,
      answers,
    }: {
      attemptId: number
      studentId: number
      position: number
      answers: Readonly<Record<QuestionType, string[]>>
    }): Promise<{ position: number; savedAt: Date } | undefined> {
      const { single, multiple, judge, fill, short } = QuestionType
      const given = sql`(a.answers -> q.type)`
      const result = await db.execute(sql`
        with a as (
          select id, ${JSON.stringify(answers)}::jsonb as answers from exam_attempts
          where id = ${attemptId} and student_id = ${studentId} and status = ${AttemptStatus.open} and now() < ends_at
          for share
        )
        update attempt_questions q
        set response = ${given}, saved_at = now()
        from a
        where q.attempt_id = a.id and q.position = ${position} and ${given} is not null
          and (q.type not in (${single}, ${multiple}, ${judge}) or (
            (q.type = ${multiple} or jsonb_array_length(${given}) <= 1)
            and ${given} <@ (case when q.type = ${judge} then ${JSON.stringify([JUDGE_KEYS.right, JUDGE_KEYS.wrong])}::jsonb
              else (select coalesce(jsonb_agg(o->'key'), '[]'::jsonb) from jsonb_array_elements(q.options) o) end)))
          and (q.type <> ${fill} or jsonb_array_length(${given}) <= jsonb_array_length(q.answer))
          and (q.type <> ${short} or jsonb_array_length(${given}) <= 1)
        returning q.position, q.saved_at`)
      const [row] = rowsOf<{ position: number; saved_at: Date | string }>(result)
      return row ? { position: Number(row.position), savedAt: new Date(row.saved_at) } : undefined
    },

    async dbNow(): Promise<Date> {
      const [row] = rowsOf<{ now: Date | string }>(await db.execute(sql`select now() as now`))
      return new Date(row!.now)
    },

    /** Writes the closing's per-question results in one statement. */
    async writeResults({
      attemptId,
      results,
    }: {
      attemptId: number
      results: Array<{ position: number; correct: boolean | null; earned: number | null }>
    }) {
      if (results.length === 0) return
      await db.execute(sql`
        update attempt_questions q set correct = v.correct, earned = v.earned
        from jsonb_to_recordset(${JSON.stringify(results)}::jsonb) as v(position int, correct boolean, earned int)
        where q.attempt_id = ${attemptId} and q.position = v.position`)
    },

    async updateAttempt({ id, values }: { id: number; values: Partial<typeof examAttempts.$inferInsert> }) {
      return (await updateRow(db, examAttempts, id, values))!
    },

    async markQuestion({
      attemptId,
      position,
      earned,
      comment,
    }: {
      attemptId: number
      position: number
      earned: number
      comment: string | null
    }) {
      await db
        .update(attemptQuestions)
        .set({ earned, correct: sql`${earned} = ${attemptQuestions.score}`, comment, markedAt: sql`now()` })
        .where(and(eq(attemptQuestions.attemptId, attemptId), eq(attemptQuestions.position, position)))
    },

    /** Open attempts past their end, oldest first, locked for this closer (others skip them). */
    async claimOverdue({ limit }: { limit: number }) {
      return db
        .select()
        .from(examAttempts)
        .where(and(eq(examAttempts.status, AttemptStatus.open), sql`${examAttempts.endsAt} <= now()`))
        .orderBy(asc(examAttempts.endsAt))
        .limit(limit)
        .for('update', { skipLocked: true })
    },

    /** The student's open attempts past their end (what a read closes first). */
    async overdueOf({ studentId }: { studentId: number }) {
      return db
        .select({ id: examAttempts.id })
        .from(examAttempts)
        .where(
          and(eq(examAttempts.studentId, studentId), eq(examAttempts.status, AttemptStatus.open), sql`${examAttempts.endsAt} <= now()`),
        )
    },

    /** Rank among the students' best final scores on the paper (ties share a rank). */
    async rank({ paperId, score }: { paperId: number; score: number }) {
      const [row] = rowsOf<{ above: number | string; of: number | string }>(
        await db.execute(sql`
          select count(*) filter (where best > ${score}) as above, count(*) as of
          from (select student_id, max(score) as best from exam_attempts
                where paper_id = ${paperId} and score is not null and status = ${AttemptStatus.done} group by student_id) b`),
      )
      return { rank: Number(row?.above ?? 0) + 1, of: Number(row?.of ?? 0) }
    },

    /**
     * The published exams (考试) of these courses and, per student, the best final score each reached
     * (a paper never finished is absent): what the graduation audit calls 考试通过.
     */
    async examResults({ studentIds, courseIds }: { studentIds: number[]; courseIds: number[] }) {
      if (!courseIds.length) return { exams: [], best: [] }
      const exams = await db
        .select({ id: papers.id, courseId: papers.courseId, title: papers.title, passScore: papers.passScore })
        .from(papers)
        .where(and(inArray(papers.courseId, courseIds), eq(papers.use, PaperUse.exam), eq(papers.status, PaperStatus.published)))
        .orderBy(asc(papers.id))
      if (!exams.length || !studentIds.length) return { exams, best: [] }
      const best = await db
        .select({ studentId: examAttempts.studentId, paperId: examAttempts.paperId, score: sql<number>`max(${examAttempts.score})::int` })
        .from(examAttempts)
        .where(
          and(
            inArray(examAttempts.studentId, studentIds),
            inArray(
              examAttempts.paperId,
              exams.map((e) => e.id),
            ),
            eq(examAttempts.status, AttemptStatus.done),
            sql`${examAttempts.score} is not null`,
          ),
        )
        .groupBy(examAttempts.studentId, examAttempts.paperId)
      return { exams, best }
    },

    /** The student's closed attempts, newest first (studentScore), or of one course oldest first with final scores (the report). */
    async closedAttempts({ studentId, courseId, finalOnly = false }: { studentId: number; courseId?: number; finalOnly?: boolean }) {
      return db
        .select({ attempt: examAttempts, paperTitle: papers.title, use: papers.use, courseTitle: coursesView.title })
        .from(examAttempts)
        .innerJoin(papers, eq(papers.id, examAttempts.paperId))
        .innerJoin(coursesView, eq(coursesView.id, papers.courseId))
        .where(
          and(
            eq(examAttempts.studentId, studentId),
            sql`${examAttempts.status} <> ${AttemptStatus.open}`,
            courseId ? eq(papers.courseId, courseId) : undefined,
            finalOnly ? sql`${examAttempts.score} is not null and ${examAttempts.status} = ${AttemptStatus.done}` : undefined,
          ),
        )
        .orderBy(
          finalOnly ? asc(examAttempts.closedAt) : desc(examAttempts.closedAt),
          finalOnly ? asc(examAttempts.id) : desc(examAttempts.id),
        )
    },
  }
}
