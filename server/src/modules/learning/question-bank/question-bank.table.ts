import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { admins } from '../../platform/admins/admins.table.ts'
import { courseChapters, courses } from '../courses/courses.table.ts'

/** A choice's option: its key (A, B, C… in the bank's order; T/F for 判断题) and its text. */
export interface QuestionOption {
  key: string
  text: string
}

/**
 * A question of the bank (题库), per course and optionally per chapter. `answer` is the correct
 * answer as the student would give it: option keys (single, multiple sorted, judge T/F), one
 * entry per blank for 填空题 (alternatives separated by `|`), the reference answer for 简答题.
 * Deleting a question only marks it (`deleted_at`): papers and attempts keep their snapshots and
 * wrong-answer books keep their entries.
 */
export const questions = pgTable(
  'questions',
  {
    id: id(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    chapterId: integer('chapter_id').references(() => courseChapters.id, { onDelete: 'set null' }),
    /** QuestionType label. */
    type: text('type').notNull(),
    /** Difficulty label. */
    difficulty: text('difficulty').notNull(),
    stem: text('stem').notNull(),
    options: jsonb('options')
      .$type<QuestionOption[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    answer: jsonb('answer').$type<string[]>().notNull(),
    analysis: text('analysis').notNull().default(''),
    deletedAt: ts('deleted_at'),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_course_idx')
      .on(t.courseId, t.chapterId, t.type, t.difficulty)
      .where(sql`${t.deletedAt} is null`),
  ],
)
