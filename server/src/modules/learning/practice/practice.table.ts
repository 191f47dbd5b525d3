import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { ts } from '../../../db/columns.ts'
import { questions } from '../question-bank/question-bank.table.ts'
import { students } from '../../roll/students/students.table.ts'

/**
 * A student's chapter practice (章节练习), one row per question: the last answer and whether it
 * was right (null for 简答题, which the student checks against the reference answer), how often
 * answered and how often right. A chapter's progress is its rows.
 */
export const exerciseAnswers = pgTable(
  'exercise_answers',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    chapterId: integer('chapter_id'),
    answer: jsonb('answer').$type<string[]>().notNull(),
    correct: boolean('correct'),
    times: integer('times').notNull().default(1),
    rightTimes: integer('right_times').notNull().default(0),
    firstAt: ts('first_at').notNull().defaultNow(),
    answeredAt: ts('answered_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.questionId] }),
    index('exercise_answers_course_idx').on(t.studentId, t.courseId, t.chapterId),
    check('exercise_answers_counts', sql`${t.times} >= 1 and ${t.rightTimes} >= 0 and ${t.rightTimes} <= ${t.times}`),
  ],
)

/**
 * The wrong-answer book (错题本): a question is in it while `mastered_at` and `removed_at` are
 * null. Exercises and exams add wrong and unanswered questions (wrong_count + 1, streak 0, back in
 * the book); the student adds one by hand (addForSelf) or removes it (removal); redoing it right
 * WRONG_MASTER_STREAK times in a row masters it.
 */
export const wrongQuestions = pgTable(
  'wrong_questions',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    /** QuestionType label (a copy, for the book's filter). */
    type: text('type').notNull(),
    /** WrongSource label: where it last went wrong (or 手动添加). */
    source: text('source').notNull(),
    wrongCount: integer('wrong_count').notNull().default(0),
    /** Right answers in a row while redoing the book. */
    streak: integer('streak').notNull().default(0),
    lastWrongAt: ts('last_wrong_at'),
    addedAt: ts('added_at').notNull().defaultNow(),
    masteredAt: ts('mastered_at'),
    removedAt: ts('removed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.questionId] }),
    index('wrong_questions_book_idx')
      .on(t.studentId, t.courseId, t.type)
      .where(sql`${t.masteredAt} is null and ${t.removedAt} is null`),
    check('wrong_questions_counts', sql`${t.wrongCount} >= 0 and ${t.streak} >= 0`),
  ],
)
