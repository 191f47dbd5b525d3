import { index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../../db/columns.ts'

/** Admission results an operator imports; the volunteer query (志愿查询) finds one by exam number and name. */
export const admissionResults = pgTable(
  'admission_results',
  {
    id: id(),
    year: integer('year').notNull(),
    /** 考生号. */
    examNo: text('exam_no').notNull(),
    name: text('name').notNull(),
    totalScore: numeric('total_score', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    /** Empty when not (yet) admitted. */
    school: text('school'),
    major: text('major'),
    /** 批次, e.g. 专升本, 高起专. */
    batch: text('batch').notNull(),
    /** 科类, e.g. 经管类; picks the score lines that apply. */
    category: text('category'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('admission_results_year_exam_no_uq').on(t.year, t.examNo), index('admission_results_exam_no_idx').on(t.examNo)],
)

/** Minimum scores (分数线) per year, batch and category. */
export const scoreLines = pgTable(
  'score_lines',
  {
    id: id(),
    year: integer('year').notNull(),
    batch: text('batch').notNull(),
    category: text('category').notNull(),
    score: numeric('score', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('score_lines_year_batch_category_uq').on(t.year, t.batch, t.category)],
)
