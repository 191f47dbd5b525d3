import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { PaperKind } from '../../../wire.ts'
import { paperQuestions } from './exams.table.ts'

// SQL pieces the exams module's queries share.

/** A paper's question count and total score: its list (fixed) or its rules (random). Over `papers`, unaliased. */
export const questionCount = sql<number>`(case when papers.kind = ${PaperKind.fixed}
  then (select count(*) from paper_questions pq where pq.paper_id = papers.id)
  else (select coalesce(sum(pr.count), 0) from paper_rules pr where pr.paper_id = papers.id) end)`.mapWith(Number)
export const totalScore = sql<number>`(case when papers.kind = ${PaperKind.fixed}
  then (select coalesce(sum(pq.score), 0) from paper_questions pq where pq.paper_id = papers.id)
  else (select coalesce(sum(pr.count * pr.score), 0) from paper_rules pr where pr.paper_id = papers.id) end)`.mapWith(Number)

/**
 * How many papers list a question (`questionId`: the question bank's column), as a column of the bank's
 * queries (the question bank is given it by modules/index.ts).
 */
export const usedInPapers = (questionId: SQLWrapper): SQL<number> =>
  sql<number>`(select count(distinct ${paperQuestions.paperId}) from ${paperQuestions} where ${paperQuestions.questionId} = ${questionId})`.mapWith(
    Number,
  )
