import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { AttemptStatus, PaperKind, PaperStatus } from '../../../wire.ts'
import { courseChapters, courseEnrolments, courses } from '../courses/index.ts'
import { partners } from '../../partner-programme/index.ts'
import { questions } from '../question-bank/index.ts'
import { students } from '../../roll/index.ts'
import { attemptQuestions, examAttempts, paperQuestions, paperRules, papers, type QuestionSnapshot } from './exams.table.ts'
import { personKeyword } from '../../../lib/person-search.ts'

export type PaperRow = typeof papers.$inferSelect
export type AttemptRow = typeof examAttempts.$inferSelect
export type AttemptQuestionRow = typeof attemptQuestions.$inferSelect

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`)

/** A paper's question count and total score: its list (fixed) or its rules (random). Over `papers`, unaliased. */
const questionCount = sql<number>`(case when papers.kind = ${PaperKind.fixed}
  then (select count(*) from paper_questions pq where pq.paper_id = papers.id)
  else (select coalesce(sum(pr.count), 0) from paper_rules pr where pr.paper_id = papers.id) end)`.mapWith(Number)
const totalScore = sql<number>`(case when papers.kind = ${PaperKind.fixed}
  then (select coalesce(sum(pq.score), 0) from paper_questions pq where pq.paper_id = papers.id)
  else (select coalesce(sum(pr.count * pr.score), 0) from paper_rules pr where pr.paper_id = papers.id) end)`.mapWith(Number)

/** A row of a raw statement: both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

export function createExamsRepository({ db }: { db: Executor }) {
  return {
    // ---- papers ----

    async paper({ id }: { id: number }) {
      const [row] = await db
        .select({ paper: papers, courseTitle: courses.title, questionCount, totalScore })
        .from(papers)
        .innerJoin(courses, eq(courses.id, papers.courseId))
        .where(eq(papers.id, id))
        .limit(1)
      return row
    },

    async lockPaper({ id }: { id: number }) {
      const [row] = await db.select().from(papers).where(eq(papers.id, id)).limit(1).for('update')
      return row
    },

    /** The published papers of the student's joined courses, with their attempts' figures. */
    async studentPapers({ studentId, courseId, use, paperId }: { studentId: number; courseId?: number; use?: string; paperId?: number }) {
      const mine = sql`a.paper_id = papers.id and a.student_id = ${studentId}`
      return db
        .select({
          paper: papers,
          courseTitle: courses.title,
          questionCount,
          totalScore,
          attemptsUsed: sql<number>`(select count(*) from exam_attempts a where ${mine})`.mapWith(Number),
          openAttemptId: sql<number | null>`(select a.id from exam_attempts a where ${mine} and a.status = ${AttemptStatus.open} limit 1)`,
          bestScore: sql<number | null>`(select max(a.score) from exam_attempts a where ${mine})`,
        })
        .from(papers)
        .innerJoin(courses, eq(courses.id, papers.courseId))
        .innerJoin(courseEnrolments, and(eq(courseEnrolments.courseId, papers.courseId), eq(courseEnrolments.studentId, studentId)))
        .where(
          and(
            eq(papers.status, PaperStatus.published),
            courseId ? eq(papers.courseId, courseId) : undefined,
            use ? eq(papers.use, use) : undefined,
            paperId ? eq(papers.id, paperId) : undefined,
          ),
        )
        .orderBy(sql`${papers.opensAt} desc nulls last`, desc(papers.id))
    },

    async fixedQuestions({ paperId }: { paperId: number }) {
      return db.select().from(paperQuestions).where(eq(paperQuestions.paperId, paperId)).orderBy(asc(paperQuestions.sort))
    },

    async rules({ paperId }: { paperId: number }) {
      return db.select().from(paperRules).where(eq(paperRules.paperId, paperId)).orderBy(asc(paperRules.sort), asc(paperRules.id))
    },

    /** Up to `count` bank questions of a rule, drawn at random, none of `exclude`. */
    async draw({
      courseId,
      rule,
      exclude,
      randomly = true,
    }: {
      courseId: number
      rule: { chapterId: number | null; type: string; difficulty: string | null; count: number }
      exclude: number[]
      randomly?: boolean
    }) {
      return db
        .select()
        .from(questions)
        .where(
          and(
            eq(questions.courseId, courseId),
            isNull(questions.deletedAt),
            eq(questions.type, rule.type),
            rule.difficulty ? eq(questions.difficulty, rule.difficulty) : undefined,
            rule.chapterId ? eq(questions.chapterId, rule.chapterId) : undefined,
            exclude.length > 0 ? notInArray(questions.id, exclude) : undefined,
          ),
        )
        .orderBy(randomly ? sql`random()` : asc(questions.id))
        .limit(rule.count)
    },

    async available({
      courseId,
      rule,
    }: {
      courseId: number
      rule: { chapterId: number | null; type: string; difficulty: string | null }
    }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(questions)
        .where(
          and(
            eq(questions.courseId, courseId),
            isNull(questions.deletedAt),
            eq(questions.type, rule.type),
            rule.difficulty ? eq(questions.difficulty, rule.difficulty) : undefined,
            rule.chapterId ? eq(questions.chapterId, rule.chapterId) : undefined,
          ),
        )
      return Number(row?.n ?? 0)
    },

    /** The ids of a course's bank (not removed): what a random paper may draw from. */
    async courseQuestionIds({ courseId }: { courseId: number }) {
      const rows = await db
        .select({ id: questions.id })
        .from(questions)
        .where(and(eq(questions.courseId, courseId), isNull(questions.deletedAt)))
      return rows.map((r) => r.id)
    },

    async bankQuestions({ ids }: { ids: number[] }) {
      if (ids.length === 0) return []
      return db.select().from(questions).where(inArray(questions.id, ids))
    },

    async chapter({ id }: { id: number }) {
      const [row] = await db.select().from(courseChapters).where(eq(courseChapters.id, id)).limit(1)
      return row
    },

    // ---- attempts ----

    /** Serialises one student's starts (a second start waits, then resumes the first's attempt). */
    async lockStudent({ studentId }: { studentId: number }) {
      const [row] = await db.select({ id: students.id }).from(students).where(eq(students.id, studentId)).for('no key update')
      return row
    },

    async attempt({ id }: { id: number }) {
      const [row] = await db.select().from(examAttempts).where(eq(examAttempts.id, id)).limit(1)
      return row
    },

    async lockAttempt({ id }: { id: number }) {
      const [row] = await db.select().from(examAttempts).where(eq(examAttempts.id, id)).limit(1).for('update')
      return row
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
     * ends_at, and only with keys among the question's options (多选题 stored sorted, no repeats).
     * No row: refused (the caller finds out why).
     */
    async saveAnswer({
      attemptId,
      studentId,
      position,
      answer,
    }: {
      attemptId: number
      studentId: number
      position: number
      answer: string[]
    }): Promise<{ position: number; savedAt: Date } | undefined> {
      const given = JSON.stringify(answer)
      const result = await db.execute(sql`
        with a as (
          select id from exam_attempts
          where id = ${attemptId} and student_id = ${studentId} and status = ${AttemptStatus.open} and now() < ends_at
          for share
        )
        update attempt_questions q
        set response = case when q.type = '多选题'
              then coalesce((select jsonb_agg(k order by k) from (select distinct jsonb_array_elements_text(${given}::jsonb) k) s), '[]'::jsonb)
              else ${given}::jsonb end,
            saved_at = now()
        from a
        where q.attempt_id = a.id and q.position = ${position}
          and (q.type not in ('单选题', '多选题', '判断题') or (
            jsonb_array_length(${given}::jsonb) <= (case when q.type = '多选题' then 8 else 1 end)
            and ${given}::jsonb <@ (case when q.type = '判断题' then '["T","F"]'::jsonb
              else (select coalesce(jsonb_agg(o->'key'), '[]'::jsonb) from jsonb_array_elements(q.options) o) end)))
          and (q.type <> '填空题' or jsonb_array_length(${given}::jsonb) <= jsonb_array_length(q.answer))
          and (q.type <> '简答题' or jsonb_array_length(${given}::jsonb) <= 1)
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
      const [row] = await db
        .update(examAttempts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(examAttempts.id, id))
        .returning()
      return row!
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

    /** The student's closed attempts, newest first (studentScore), or of one course oldest first with final scores (the report). */
    async closedAttempts({ studentId, courseId, finalOnly = false }: { studentId: number; courseId?: number; finalOnly?: boolean }) {
      return db
        .select({ attempt: examAttempts, paperTitle: papers.title, use: papers.use, courseTitle: courses.title })
        .from(examAttempts)
        .innerJoin(papers, eq(papers.id, examAttempts.paperId))
        .innerJoin(courses, eq(courses.id, papers.courseId))
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

    // ---- the office ----

    async adminPapers({
      filter,
      page,
      size,
    }: {
      filter: { courseId?: number; use?: string; status?: string; keyword?: string }
      page: number
      size: number
    }) {
      const where = and(
        filter.courseId ? eq(papers.courseId, filter.courseId) : undefined,
        filter.use ? eq(papers.use, filter.use) : undefined,
        filter.status ? eq(papers.status, filter.status) : undefined,
        filter.keyword ? ilike(papers.title, `%${escapeLike(filter.keyword)}%`) : undefined,
      )
      const rows = await db
        .select({
          paper: papers,
          courseTitle: courses.title,
          questionCount,
          totalScore,
          attemptCount: sql<number>`(select count(*) from exam_attempts a where a.paper_id = papers.id)`.mapWith(Number),
          markingCount:
            sql<number>`(select count(*) from exam_attempts a where a.paper_id = papers.id and a.status = ${AttemptStatus.marking})`.mapWith(
              Number,
            ),
        })
        .from(papers)
        .innerJoin(courses, eq(courses.id, papers.courseId))
        .where(where)
        .orderBy(desc(papers.id))
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db.select({ n: count() }).from(papers).where(where)
      return { rows, total: Number(total?.n ?? 0) }
    },

    async attemptCount({ paperId }: { paperId: number }) {
      const [row] = await db.select({ n: count() }).from(examAttempts).where(eq(examAttempts.paperId, paperId))
      return Number(row?.n ?? 0)
    },

    async insertPaper({ values }: { values: typeof papers.$inferInsert }) {
      const [row] = await db.insert(papers).values(values).returning()
      return row!
    },

    async updatePaper({ id, values }: { id: number; values: Partial<typeof papers.$inferInsert> }) {
      const [row] = await db
        .update(papers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(papers.id, id))
        .returning()
      return row!
    },

    async deletePaper({ id }: { id: number }) {
      await db.delete(papers).where(eq(papers.id, id))
    },

    async replaceQuestions({
      paperId,
      items,
    }: {
      paperId: number
      items: Array<{ questionId: number; score: number; snapshot: QuestionSnapshot }>
    }) {
      await db.delete(paperQuestions).where(eq(paperQuestions.paperId, paperId))
      if (items.length > 0) await db.insert(paperQuestions).values(items.map((item, sort) => ({ paperId, sort, ...item })))
    },

    async resnapshot({ paperId, questionId, snapshot }: { paperId: number; questionId: number; snapshot: QuestionSnapshot }) {
      await db
        .update(paperQuestions)
        .set({ snapshot })
        .where(and(eq(paperQuestions.paperId, paperId), eq(paperQuestions.questionId, questionId)))
    },

    async replaceRules({
      paperId,
      rules,
    }: {
      paperId: number
      rules: Array<{ chapterId: number | null; type: string; difficulty: string | null; count: number; score: number }>
    }) {
      await db.delete(paperRules).where(eq(paperRules.paperId, paperId))
      if (rules.length > 0) await db.insert(paperRules).values(rules.map((rule, sort) => ({ paperId, sort, ...rule })))
    },

    async paperQuestionList({ paperId }: { paperId: number }) {
      return db
        .select({
          questionId: paperQuestions.questionId,
          sort: paperQuestions.sort,
          score: paperQuestions.score,
          snapshot: paperQuestions.snapshot,
        })
        .from(paperQuestions)
        .where(eq(paperQuestions.paperId, paperId))
        .orderBy(asc(paperQuestions.sort))
    },

    async ruleList({ paperId }: { paperId: number }) {
      return db
        .select({ rule: paperRules, chapterTitle: courseChapters.title })
        .from(paperRules)
        .leftJoin(courseChapters, eq(courseChapters.id, paperRules.chapterId))
        .where(eq(paperRules.paperId, paperId))
        .orderBy(asc(paperRules.sort), asc(paperRules.id))
    },

    adminAttemptsWhere(filter: { paperId?: number; status?: string; keyword?: string }): SQL | undefined {
      return and(
        filter.paperId ? eq(examAttempts.paperId, filter.paperId) : undefined,
        filter.status ? eq(examAttempts.status, filter.status) : undefined,
        personKeyword(filter.keyword, { text: [students.name, students.studentNo], phones: [students.phone] }),
      )
    },

    async adminAttempts({
      filter,
      page,
      size,
    }: {
      filter: { paperId?: number; status?: string; keyword?: string }
      page: number
      size: number
    }) {
      const where = this.adminAttemptsWhere(filter)
      const rows = await db
        .select({ attempt: examAttempts, name: students.name, studentNo: students.studentNo, phone: students.phone })
        .from(examAttempts)
        .innerJoin(students, eq(students.id, examAttempts.studentId))
        .where(where)
        // 待阅卷 first (the oldest waiting first: marked in the order handed in), then the newest.
        .orderBy(
          sql`(${examAttempts.status} = ${AttemptStatus.marking}) desc`,
          sql`case when ${examAttempts.status} = ${AttemptStatus.marking} then ${examAttempts.closedAt} end asc`,
          desc(examAttempts.startedAt),
          desc(examAttempts.id),
        )
        .limit(size)
        .offset((page - 1) * size)
      const [total] = await db
        .select({ n: count() })
        .from(examAttempts)
        .innerJoin(students, eq(students.id, examAttempts.studentId))
        .where(where)
      return { rows, total: Number(total?.n ?? 0) }
    },

    /** A paper's attempts for the export: keyset batches by id. */
    async exportBatch({ paperId, afterId, limit }: { paperId: number; afterId: number; limit: number }) {
      return db
        .select({ attempt: examAttempts, name: students.name, studentNo: students.studentNo, phone: students.phone })
        .from(examAttempts)
        .innerJoin(students, eq(students.id, examAttempts.studentId))
        .where(and(eq(examAttempts.paperId, paperId), sql`${examAttempts.id} > ${afterId}`))
        .orderBy(asc(examAttempts.id))
        .limit(limit)
    },

    async student({ id }: { id: number }) {
      const [row] = await db
        .select({ id: students.id, name: students.name, studentNo: students.studentNo, accountId: students.accountId })
        .from(students)
        .where(eq(students.id, id))
        .limit(1)
      return row
    },

    /** The student's account (and partner profile) as a message recipient: a SELECT of (account_id, partner_id). */
    recipient({ studentId }: { studentId: number }): SQL {
      return db
        .select({ accountId: students.accountId, partnerId: partners.id })
        .from(students)
        .leftJoin(partners, eq(partners.accountId, students.accountId))
        .where(eq(students.id, studentId))
        .getSQL()
    },

    async clearAttempts({ paperId, studentId }: { paperId: number; studentId: number }) {
      const rows = await db
        .delete(examAttempts)
        .where(and(eq(examAttempts.paperId, paperId), eq(examAttempts.studentId, studentId)))
        .returning({ id: examAttempts.id })
      return rows.length
    },

    async course({ id }: { id: number }) {
      const [row] = await db.select().from(courses).where(eq(courses.id, id)).limit(1)
      return row
    },

    async enrolled({ studentId, courseId }: { studentId: number; courseId: number }) {
      const [row] = await db
        .select({ id: courseEnrolments.id })
        .from(courseEnrolments)
        .where(and(eq(courseEnrolments.studentId, studentId), eq(courseEnrolments.courseId, courseId)))
        .limit(1)
      return Boolean(row)
    },
  }
}
export type ExamsRepository = ReturnType<typeof createExamsRepository>
