import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { admins } from '../../platform/admins/admins.table.ts'
import { courseChapters, courses } from '../courses/courses.table.ts'
import { questions, type QuestionOption } from '../question-bank/question-bank.table.ts'
import { students } from '../../roll/students/students.table.ts'

/** A question as a paper or an attempt keeps it: a copy, so later edits of the bank change nothing. */
export interface QuestionSnapshot {
  type: string
  difficulty: string
  stem: string
  options: QuestionOption[]
  answer: string[]
  analysis: string
}

/**
 * A paper (试卷): a mock paper or an exam of a course, with a fixed list of questions or rules to
 * draw them per student; a duration, an optional window (opens_at..closes_at) in which attempts
 * may start, how many attempts a student may make (0 = any number), shuffling and ranking.
 */
export const papers = pgTable(
  'papers',
  {
    id: id(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    /** PaperUse label (模拟试卷 / 考试). */
    use: text('use').notNull(),
    /** PaperKind label (固定试卷 / 随机试卷). */
    kind: text('kind').notNull(),
    /** PaperStatus label. */
    status: text('status').notNull(),
    intro: text('intro').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    opensAt: ts('opens_at'),
    closesAt: ts('closes_at'),
    maxAttempts: integer('max_attempts').notNull().default(1),
    passScore: integer('pass_score').notNull().default(0),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    showRank: boolean('show_rank').notNull().default(false),
    publishedAt: ts('published_at'),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('papers_course_idx').on(t.courseId, t.status),
    check('papers_duration_range', sql`${t.durationMinutes} between 1 and 600`),
    check('papers_attempts_range', sql`${t.maxAttempts} between 0 and 100`),
    check('papers_window', sql`${t.opensAt} is null or ${t.closesAt} is null or ${t.opensAt} < ${t.closesAt}`),
  ],
)

/** A fixed paper's questions, in order, each with its score and the snapshot taken when added (and again at publishing). */
export const paperQuestions = pgTable(
  'paper_questions',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    sort: integer('sort').notNull().default(0),
    score: integer('score').notNull(),
    snapshot: jsonb('snapshot').$type<QuestionSnapshot>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.questionId] }), check('paper_questions_score_range', sql`${t.score} between 1 and 100`)],
)

/** A random paper's rules: draw `count` questions of a type (and difficulty, and chapter, when set), each worth `score`. */
export const paperRules = pgTable(
  'paper_rules',
  {
    id: id(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id').references(() => courseChapters.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    difficulty: text('difficulty'),
    count: integer('count').notNull(),
    score: integer('score').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('paper_rules_paper_idx').on(t.paperId, t.sort),
    check('paper_rules_range', sql`${t.count} between 1 and 200 and ${t.score} between 1 and 100`),
  ],
)

/**
 * A student's attempt at a paper, owned by the server: starting fixes `ends_at`; answers are saved
 * while it is 答题中 and before `ends_at`; 交卷, the end time (the server closes overdue attempts)
 * or the office's 收卷 close it. Objective questions are scored at closing; the score is final
 * (`score`) when every 简答题 is marked.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: id(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'restrict' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** 1, 2, … per (paper, student). */
    number: integer('number').notNull(),
    /** AttemptStatus label. */
    status: text('status').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    endsAt: ts('ends_at').notNull(),
    closedAt: ts('closed_at'),
    /** AttemptClose label. */
    closeReason: text('close_reason'),
    totalScore: integer('total_score').notNull(),
    objectiveScore: integer('objective_score'),
    subjectiveScore: integer('subjective_score'),
    /** Final score: set when closed with nothing to mark, or when the marking completes. */
    score: integer('score'),
    /** 简答题 still to mark. */
    pendingMarks: integer('pending_marks').notNull().default(0),
    markedBy: integer('marked_by').references(() => admins.id, { onDelete: 'set null' }),
    markedAt: ts('marked_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('exam_attempts_number_uq').on(t.paperId, t.studentId, t.number),
    uniqueIndex('exam_attempts_one_open_uq')
      .on(t.paperId, t.studentId)
      .where(sql`${t.status} = '答题中'`),
    index('exam_attempts_overdue_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = '答题中'`),
    index('exam_attempts_paper_idx').on(t.paperId, t.status, t.studentId),
    index('exam_attempts_student_idx').on(t.studentId, t.startedAt),
  ],
)

/**
 * The questions an attempt was dealt, in the order shown, with options already shuffled and
 * re-lettered for this student (`answer` in the shown letters): the snapshot. The student's
 * response, and after closing, whether it was right and what it earned (a teacher's mark and
 * comment for 简答题).
 */
export const attemptQuestions = pgTable(
  'attempt_questions',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    stem: text('stem').notNull(),
    options: jsonb('options').$type<QuestionOption[]>().notNull(),
    answer: jsonb('answer').$type<string[]>().notNull(),
    analysis: text('analysis').notNull().default(''),
    score: integer('score').notNull(),
    response: jsonb('response').$type<string[]>(),
    savedAt: ts('saved_at'),
    correct: boolean('correct'),
    earned: integer('earned'),
    comment: text('comment'),
    markedAt: ts('marked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.position] }),
    check('attempt_questions_earned', sql`${t.earned} is null or (${t.earned} >= 0 and ${t.earned} <= ${t.score})`),
  ],
)
