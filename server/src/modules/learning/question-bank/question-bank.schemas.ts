import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { idField, optionalId, optionalText, wireEnum } from '../../../lib/fields.ts'
import { DIFFICULTIES, type Difficulty, QUESTION_TYPES, type QuestionType } from '../../../wire.ts'
import { ANALYSIS_MAX, OPTION_KEYS, OPTION_TEXT_MAX, STEM_MAX } from './question-bank.rules.ts'

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** JSON text in a form body (`["A","C"]`) as its value; other values as they are. */
const jsonText = (v: unknown) => {
  if (typeof v !== 'string') return v
  const text = v.trim()
  if (!text.startsWith('[')) return v
  try {
    return JSON.parse(text) as unknown
  } catch {
    return v
  }
}

export const questionType = z.enum(QUESTION_TYPES as [QuestionType, ...QuestionType[]], '题型只能是单选题、多选题、判断题、填空题或简答题')
export const difficulty = z.enum(DIFFICULTIES as [Difficulty, ...Difficulty[]], '难度只能是简单、一般或困难')

/**
 * An answer as `string[]`: a JSON array, its JSON text, repeated form fields, or one plain string
 * (one entry; empty: none).
 */
export const answerField = (label = '答案', max = 5000) =>
  z.preprocess(
    (v) => {
      const value = jsonText(v)
      if (value === undefined || value === null || value === '') return []
      if (typeof value === 'string' || typeof value === 'number') return [String(value)]
      return value
    },
    z
      .array(z.union([z.string(), z.number().transform(String)], `${label}格式不正确`), `${label}格式不正确，应为字符串数组`)
      .max(20, `${label}最多20项`)
      .refine((a) => a.every((s) => s.length <= max), `${label}每项不能超过${max}个字符`),
  )

/** Options: a JSON array of `{key?, text}` or of texts (keys A.. are given in order), or its JSON text. */
const optionsField = z.preprocess(
  (v) => {
    const value = jsonText(v)
    if (value === undefined || value === null || value === '') return []
    if (Array.isArray(value)) return value.map((o: unknown) => (typeof o === 'string' ? { text: o } : o))
    return value
  },
  z
    .array(
      z.object({
        key: z.string('选项字母格式不正确').max(2, '选项字母格式不正确').optional(),
        text: z.string('请填写选项内容').max(OPTION_TEXT_MAX, `选项不能超过${OPTION_TEXT_MAX}个字符`),
      }),
      '选项格式不正确，应为 [{"key":"A","text":"..."}] 列表',
    )
    .max(OPTION_KEYS.length, `选择题最多${OPTION_KEYS.length}个选项`),
)

const nullableChapter = z.preprocess(
  (v) => (v === '' || v === null || v === 'null' || v === '0' || v === 0 ? null : v),
  idField.nullable().optional(),
)

const contentFields = {
  chapterId: nullableChapter.describe('a chapter of the course; empty/null: 未分章'),
  type: questionType,
  difficulty,
  stem: z.string({ error: '请填写题干' }).trim().min(1, '请填写题干').max(STEM_MAX, `题干不能超过${STEM_MAX}个字符`),
  options: optionsField.describe('单选题/多选题: 2..8 options, keys A.. in order; others: none ([])'),
  answer: answerField().describe(
    '单选 ["B"]; 多选 ["A","C"]; 判断 ["T"]|["F"]; 填空 one entry per blank (alternatives a|b); 简答 [reference]',
  ),
  analysis: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string('解析格式不正确').trim().max(ANALYSIS_MAX, `解析不能超过${ANALYSIS_MAX}个字符`),
  ),
}

export const createQuestionBody = z.object({ courseId: idField, ...contentFields })
export const updateQuestionBody = z.object({
  id: idField,
  courseId: z.preprocess(emptyToUndefined, idField.optional()).describe('fixed once created: a different one is refused'),
  ...contentFields,
})
export const idQuery = z.object({ id: idField })

export const questionListQuery = z.object({
  courseId: optionalId,
  chapterId: z
    .preprocess(emptyToUndefined, z.union([z.literal('none'), idField]).optional())
    .describe('a chapter, or `none`: questions without a chapter (未分章)'),
  type: z.preprocess(emptyToUndefined, questionType.optional()),
  difficulty: z.preprocess(emptyToUndefined, difficulty.optional()),
  keyword: optionalText(40).describe('part of the stem'),
  ...pagingQuery,
})

export const importQuery = z.object({ courseId: idField })

const optionSchema = z.object({ key: z.string(), text: z.string() })

export const questionSchema = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  chapterId: z.number().int().nullable(),
  chapterTitle: z.string().nullable(),
  type: wireEnum(QUESTION_TYPES),
  difficulty: wireEnum(DIFFICULTIES),
  stem: z.string(),
  options: z.array(optionSchema),
  answer: z.array(z.string()),
  analysis: z.string(),
  usedInPapers: z.number().int().describe('papers that list it (their snapshots keep it after a change or removal)'),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export const importReportSchema = z.object({
  imported: z.number().int(),
  failed: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int().describe("the spreadsheet's row number (the header is row 1)"),
      ok: z.boolean(),
      message: z.string().describe('导入成功, or why the row was refused'),
    }),
  ),
})
