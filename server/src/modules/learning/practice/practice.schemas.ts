import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, optionalId, wireEnum, yesNo } from '../../../lib/fields.ts'
import { DIFFICULTIES, type Difficulty, QUESTION_TYPES, type QuestionType, WRONG_SOURCES } from '../../../wire.ts'

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

const difficulty = z.enum(DIFFICULTIES as [Difficulty, ...Difficulty[]], '难度只能是简单、一般或困难')
const questionType = z.enum(QUESTION_TYPES as [QuestionType, ...QuestionType[]], '题型只能是单选题、多选题、判断题、填空题或简答题')

/** A chapter filter: an id, or `null`/`none`/`0` for 未分章; empty/absent: none given. */
const chapterFilter = z
  .preprocess((v) => {
    if (v === '' || v === undefined) return undefined
    if (v === null || v === 'null' || v === 'none' || v === '0' || v === 0) return null
    return v
  }, idField.nullable().optional())
  .describe('a chapter id, or null/none/0 for 未分章')

/** The student's answer as `string[]`: a JSON array, its JSON text, repeated form fields, or one plain string. */
const answerField = z.preprocess(
  (v) => {
    let value = v
    if (typeof value === 'string' && value.trim().startsWith('[')) {
      try {
        value = JSON.parse(value) as unknown
      } catch {
        return v
      }
    }
    if (value === undefined || value === null || value === '') return []
    if (typeof value === 'string' || typeof value === 'number') return [String(value)]
    return value
  },
  z
    .array(z.union([z.string(), z.number().transform(String)], '答案格式不正确'), '答案格式不正确，应为字符串数组')
    .max(20, '答案最多20项')
    .refine((a) => a.every((s) => s.length <= 5000), '答案每项不能超过5000个字符'),
)

const boolField = z.preprocess(yesNo, z.boolean('自评只能是 true 或 false').optional())

export const courseQuery = z.object({ courseId: idField })
export const exerciseListQuery = z.object({
  courseId: idField,
  chapterId: chapterFilter.describe('a chapter id, or null/none/0 for 未分章; absent: the whole course'),
  difficulty: z.preprocess(emptyToUndefined, difficulty.optional()),
})
export const exerciseDetailQuery = z.object({
  id: idField,
  difficulty: z.preprocess(emptyToUndefined, difficulty.optional()).describe('the list filter in use: `index` counts within it'),
})
export const handBody = z.object({ questionId: idField, answer: answerField.describe('[] or empty blanks: unanswered') })
export const redoExerciseBody = z.object({ courseId: idField, chapterId: chapterFilter.describe('absent, null, none or 0: 未分章') })
export const wrongListQuery = z.object({
  courseId: optionalId,
  type: z.preprocess(emptyToUndefined, questionType.optional()),
  ...pagingQuery,
})
export const questionIdQuery = z.object({ questionId: idField })
export const questionIdBody = z.object({ questionId: idField })
export const wrongRedoBody = z.object({
  questionId: idField,
  answer: answerField,
  selfCorrect: boolField.describe('简答题 only: the student’s own judgement against the reference answer'),
})

const optionSchema = z.object({ key: z.string(), text: z.string() })
const byDifficulty = z.object(
  Object.fromEntries(DIFFICULTIES.map((d) => [d, z.object({ total: z.number().int(), done: z.number().int() })])),
)

export const exerciseChaptersSchema = z.object({
  courseId: z.number().int(),
  courseTitle: z.string(),
  chapters: z.array(
    z.object({
      id: z.number().int().nullable().describe('null: 未分章'),
      title: z.string(),
      total: z.number().int(),
      done: z.number().int(),
      right: z.number().int(),
      byDifficulty,
    }),
  ),
})
export const exerciseListSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int().describe('question id'),
      type: wireEnum(QUESTION_TYPES),
      difficulty: wireEnum(DIFFICULTIES),
      done: z.boolean(),
      correct: z.boolean().nullable(),
    }),
  ),
})
const WITHHELD = 'null while withheld: an exam the student can still sit, or an open attempt, holds this question'

export const exerciseQuestionSchema = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  chapterId: z.number().int().nullable(),
  type: wireEnum(QUESTION_TYPES),
  difficulty: wireEnum(DIFFICULTIES),
  stem: z.string(),
  options: z.array(optionSchema),
  index: z.number().int().describe('0-based in its chapter’s list (with the difficulty filter when given)'),
  mine: z
    .object({
      answer: z.array(z.string()),
      correct: z.boolean().nullable(),
      rightAnswer: z.array(z.string()).nullable().describe(WITHHELD),
      analysis: z.string().nullable().describe(WITHHELD),
    })
    .nullable()
    .describe('only once answered'),
})
export const handResultSchema = z.object({
  correct: z.boolean().nullable().describe('null: 简答题 (compare with the reference answer), or withheld'),
  rightAnswer: z.array(z.string()).nullable().describe(WITHHELD),
  analysis: z.string().nullable().describe(WITHHELD),
  inWrongBook: z.boolean(),
  done: z.number().int().describe('answered questions of its chapter'),
  total: z.number().int().describe('questions of its chapter'),
})
export const redoExerciseSchema = z.object({ cleared: z.number().int() })
export const wrongItemSchema = z.object({
  questionId: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  type: wireEnum(QUESTION_TYPES),
  difficulty: wireEnum(DIFFICULTIES),
  stem: z.string(),
  wrongCount: z.number().int(),
  streak: z.number().int(),
  source: wireEnum(WRONG_SOURCES),
  lastWrongAt: z.string().nullable().describe('null: added by hand, never wrong'),
})
export const wrongSummarySchema = z.object({
  total: z.number().int(),
  courses: z.array(z.object({ courseId: z.number().int(), courseTitle: z.string(), count: z.number().int() })),
  types: z.array(z.object({ type: wireEnum(QUESTION_TYPES), count: z.number().int() })),
  mastered: z.number().int(),
})
export const wrongDetailSchema = z.object({
  questionId: z.number().int(),
  courseId: z.number().int(),
  type: wireEnum(QUESTION_TYPES),
  difficulty: wireEnum(DIFFICULTIES),
  stem: z.string(),
  options: z.array(optionSchema),
  wrongCount: z.number().int(),
  streak: z.number().int(),
})
export const wrongRedoSchema = z.object({
  correct: z.boolean(),
  rightAnswer: z.array(z.string()),
  analysis: z.string(),
  streak: z.number().int(),
  mastered: z.boolean().describe('redone right WRONG_MASTER_STREAK times in a row: it left the book'),
})
export const addedSchema = z.object({ added: z.literal(true) })
export const removedSchema = z.object({ removed: z.literal(true) })
