import { sql } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { AttemptStatus, PaperKind, PaperStatus, PaperUse } from '../../../wire.ts'

/**
 * The one place that decides "may this student see this question's answer now". A question's
 * right answer, analysis and right/wrong verdict are withheld from a student (every call of every
 * module: practice, the wrong-answer book, another paper's result, the study report) while
 *
 * 1. it is in one of the student's open attempts (答题中), of any paper; or
 * 2. it is on a 考试 the student can still sit: published, of a course they joined, its window not
 *    closed (not yet open counts: the school does not want exam questions practised with answers
 *    before the exam), and attempts left (max_attempts 0: any number). A fixed exam's questions
 *    are its list; a random exam's are every bank question its rules may draw.
 *
 * Once the student's attempts are used up or the window closes, the normal rules come back.
 * Returns the ids of `questionIds` that are withheld (empty when none are).
 */
export async function withheldQuestions({
  db,
  studentId,
  questionIds,
}: {
  db: Executor
  studentId: number
  questionIds: readonly number[]
}): Promise<Set<number>> {
  const ids = [...new Set(questionIds)]
  if (ids.length === 0) return new Set()
  // The asked ids as one jsonb parameter: a bank of thousands stays one bound value.
  const result = await db.execute(sql`
    with asked as (select distinct (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int as id),
    sittable as (
      select p.id, p.kind, p.course_id from papers p
      where p.use = ${PaperUse.exam} and p.status = ${PaperStatus.published}
        and (p.closes_at is null or p.closes_at > now())
        and exists (select 1 from course_enrolments e where e.course_id = p.course_id and e.student_id = ${studentId})
        and (p.max_attempts = 0
          or (select count(*) from exam_attempts a where a.paper_id = p.id and a.student_id = ${studentId}) < p.max_attempts)
    )
    select aq.question_id as id
      from exam_attempts a join attempt_questions aq on aq.attempt_id = a.id
      where a.student_id = ${studentId} and a.status = ${AttemptStatus.open} and aq.question_id in (select id from asked)
    union
    select pq.question_id
      from sittable s join paper_questions pq on pq.paper_id = s.id
      where s.kind = ${PaperKind.fixed} and pq.question_id in (select id from asked)
    union
    select q.id
      from sittable s
      join paper_rules r on r.paper_id = s.id
      join questions q on q.course_id = s.course_id and q.type = r.type
        and (r.difficulty is null or q.difficulty = r.difficulty)
        and (r.chapter_id is null or q.chapter_id = r.chapter_id)
      where s.kind = ${PaperKind.random} and q.deleted_at is null and q.id in (select id from asked)`)
  return new Set((result as unknown as { rows: Array<{ id: number | string }> }).rows.map((r) => Number(r.id)))
}

/** What a module that shows answers is given (modules/index.ts passes `withheldQuestions`). */
export type WithheldQuestions = typeof withheldQuestions
