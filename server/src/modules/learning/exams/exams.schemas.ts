import { z } from 'zod'
import { pagingQuery } from '../../../lib/envelope.ts'
import { boolField, idField, intField, optionalId, optionalText, wireEnum } from '../../../lib/fields.ts'
import { optionalDateTimeField } from '../../../lib/form-fields.ts'
import {
  ATTEMPT_CLOSES,
  ATTEMPT_STATUSES,
  type AttemptStatus,
  DIFFICULTIES,
  type Difficulty,
  PAPER_KINDS,
  PAPER_STATUSES,
  PAPER_USES,
  type PaperKind,
  type PaperStatus,
  type PaperUse,
  QUESTION_TYPES,
  type QuestionType,
} from '../../../wire.ts'
import { phoneOut } from '../../../lib/sensitive.ts'

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** Entries of one answer, and the longest entry (a 简答题's text). */
export const ANSWER_ENTRIES_MAX = 20
export const ANSWER_TEXT_MAX = 5000
/** Questions of a fixed paper, rules of a random one. */
export const PAPER_QUESTIONS_MAX = 200
export const PAPER_RULES_MAX = 50

/** A JSON array from a form (its JSON text) or a JSON body (the array itself). */
const jsonArray = (v: unknown) => {
  if (typeof v !== 'string') return v
  const text = v.trim()
  if (text === '') return []
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return v
    }
  }
  return v
}

/** `answer: string[]`; from a form: its JSON text (`["A","C"]`), or one plain value for a one-entry answer. */
export const answerField = z
  .preprocess(
    (v) => {
      const parsed = jsonArray(v)
      return typeof parsed === 'string' ? [parsed] : parsed
    },
    z
      .array(z.string('答案格式不正确').max(ANSWER_TEXT_MAX, `每项答案不能超过${ANSWER_TEXT_MAX}字`), '答案格式不正确，应为字符串数组')
      .max(ANSWER_ENTRIES_MAX, `答案最多${ANSWER_ENTRIES_MAX}项`),
  )
  .describe('string[]: ["B"], ["A","C"], ["T"], one entry per blank, [text]; [] clears the answer')

const paperUse = z.enum(PAPER_USES as [PaperUse, ...PaperUse[]], '用途只能是模拟试卷或考试')
const paperKind = z.enum(PAPER_KINDS as [PaperKind, ...PaperKind[]], '组卷方式只能是固定试卷或随机试卷')
const paperStatus = z.enum(PAPER_STATUSES as [PaperStatus, ...PaperStatus[]], '状态只能是草稿、已发布或已停用')
const attemptStatus = z.enum(ATTEMPT_STATUSES as [AttemptStatus, ...AttemptStatus[]], '答卷状态不在可选范围内')
const questionType = z.enum(QUESTION_TYPES as [QuestionType, ...QuestionType[]], '题型不在可选范围内')
const difficulty = z.enum(DIFFICULTIES as [Difficulty, ...Difficulty[]], '难度只能是简单、一般或困难')

// ---- the student's calls ----

export const clientListQuery = z.object({
  courseId: optionalId,
  use: z.preprocess(emptyToUndefined, paperUse.optional()),
})
export const paperIdQuery = z.object({ paperId: idField })
export const attemptIdQuery = z.object({ attemptId: idField })
export const idQuery = z.object({ id: idField })
export const startBody = z.object({ paperId: idField })
export const attemptBody = z.object({ attemptId: idField })
export const saveAnswerBody = z.object({
  attemptId: idField,
  position: intField({ label: '题号', min: 1, max: 1000 }),
  answer: answerField,
})
export const scoreQuery = z.object({ courseId: optionalId })

const iso = z.string().describe('ISO 8601')
const isoOrNull = z.string().nullable()

const options = z.array(z.object({ key: z.string(), text: z.string() }))

export const paperCardSchema = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  title: z.string(),
  use: wireEnum(PAPER_USES),
  kind: wireEnum(PAPER_KINDS),
  durationMinutes: z.number().int(),
  questionCount: z.number().int(),
  totalScore: z.number().int(),
  passScore: z.number().int(),
  opensAt: isoOrNull,
  closesAt: isoOrNull,
  maxAttempts: z.number().int().describe('0 = any number'),
  attemptsUsed: z.number().int(),
  openAttemptId: z.number().int().nullable(),
  bestScore: z.number().int().nullable(),
  state: z.enum(['未开始', '可参加', '答题中', '已用完', '已结束']),
})

export const attemptSummarySchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  status: wireEnum(ATTEMPT_STATUSES),
  startedAt: iso,
  endsAt: iso,
  closedAt: isoOrNull,
  closeReason: wireEnum(ATTEMPT_CLOSES).nullable(),
  score: z.number().int().nullable().describe('final score; null while open or marking'),
  objectiveScore: z.number().int().nullable().describe('after closing'),
  totalScore: z.number().int(),
  pendingMarks: z.number().int(),
})

export const paperDetailSchema = paperCardSchema.extend({ intro: z.string(), attempts: z.array(attemptSummarySchema) })

export const attemptSheetSchema = z.object({
  id: z.number().int(),
  paperId: z.number().int(),
  paperTitle: z.string(),
  status: z.literal('答题中'),
  startedAt: iso,
  endsAt: iso,
  serverNow: iso.describe("the server's clock: correct the countdown by it"),
  totalScore: z.number().int(),
  questions: z.array(
    z.object({
      position: z.number().int(),
      type: wireEnum(QUESTION_TYPES),
      stem: z.string(),
      options,
      score: z.number().int().describe("the question's value"),
      response: z.array(z.string()).nullable(),
    }),
  ),
})

/** A question of a closed attempt as the office sees it: always its answer and analysis. */
const officeResultQuestion = z.object({
  position: z.number().int(),
  questionId: z.number().int(),
  type: wireEnum(QUESTION_TYPES),
  stem: z.string(),
  options,
  score: z.number().int(),
  response: z.array(z.string()).nullable(),
  rightAnswer: z.array(z.string()),
  analysis: z.string(),
  correct: z.boolean().nullable(),
  earned: z.number().int().nullable(),
  comment: z.string().nullable(),
})

const WITHHELD = 'null while withheld: an exam the student can still sit, or another open attempt, holds this question'

/** The student's: a withheld question has no answer, analysis, verdict, points or comment. */
const resultQuestion = officeResultQuestion.extend({
  rightAnswer: z.array(z.string()).nullable().describe(WITHHELD),
  analysis: z.string().nullable().describe(WITHHELD),
})

export const attemptResultSchema = attemptSummarySchema.extend({
  paperId: z.number().int(),
  paperTitle: z.string(),
  passScore: z.number().int(),
  rank: z.object({ rank: z.number().int(), of: z.number().int() }).nullable(),
  questions: z.array(resultQuestion),
})

/** attemptForClient: the sheet while 答题中, the result once closed (`status` tells). */
export const attemptViewSchema = z.union([attemptSheetSchema, attemptResultSchema])

export const savedSchema = z.object({ position: z.number().int(), savedAt: iso })

export const scoreItemSchema = z.object({
  attemptId: z.number().int(),
  paperId: z.number().int(),
  paperTitle: z.string(),
  courseTitle: z.string(),
  use: wireEnum(PAPER_USES),
  number: z.number().int(),
  closedAt: isoOrNull,
  score: z.number().int().nullable(),
  totalScore: z.number().int(),
  status: wireEnum(ATTEMPT_STATUSES),
})

// ---- the office's calls: papers ----

export const paperListQuery = z.object({
  courseId: optionalId,
  use: z.preprocess(emptyToUndefined, paperUse.optional()),
  status: z.preprocess(emptyToUndefined, paperStatus.optional()),
  keyword: optionalText(40),
  marking: boolField('待阅卷').describe('true: papers with an attempt 待阅卷 (to mark); false: papers without; blank: both'),
  ...pagingQuery,
})

const paperFields = {
  title: z.string('请填写试卷名称').trim().min(1, '请填写试卷名称').max(60, '试卷名称不能超过60字'),
  use: paperUse,
  kind: paperKind,
  intro: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(2000, '说明不能超过2000字').optional()),
  durationMinutes: intField({ label: '考试时长', min: 1, max: 600, unit: '分钟' }),
  opensAt: optionalDateTimeField({ label: '开始时间' }),
  closesAt: optionalDateTimeField({ label: '结束时间' }),
  maxAttempts: intField({ label: '作答次数', min: 0, max: 100 }).describe('0 = any number'),
  passScore: intField({ label: '及格分', min: 0, max: 20000 }),
  shuffleQuestions: boolField('题目乱序'),
  shuffleOptions: boolField('选项乱序'),
  showRank: boolField('显示排名'),
}

export const createPaperBody = z.object({ courseId: idField, ...paperFields })
export const updatePaperBody = z.object({ id: idField, courseId: idField, ...paperFields })
export type PaperInput = z.infer<typeof createPaperBody>

export const paperQuestionsBody = z.object({
  paperId: idField,
  items: z.preprocess(
    jsonArray,
    z
      .array(z.object({ questionId: idField, score: intField({ label: '分值', min: 1, max: 100 }) }), '题目格式不正确')
      .max(PAPER_QUESTIONS_MAX, `一张试卷最多${PAPER_QUESTIONS_MAX}题`)
      .refine((items) => new Set(items.map((i) => i.questionId)).size === items.length, '题目不能重复'),
  ),
})

export const paperRulesBody = z.object({
  paperId: idField,
  rules: z.preprocess(
    jsonArray,
    z
      .array(
        z.object({
          chapterId: z.preprocess(emptyToUndefined, idField.optional()).transform((v) => v ?? null),
          type: questionType,
          difficulty: z.preprocess(emptyToUndefined, difficulty.optional()).transform((v) => v ?? null),
          count: intField({ label: '抽题数量', min: 1, max: 200 }),
          score: intField({ label: '每题分值', min: 1, max: 100 }),
        }),
        '抽题规则格式不正确',
      )
      .max(PAPER_RULES_MAX, `抽题规则最多${PAPER_RULES_MAX}条`),
  ),
})

export const paperStatusBody = z.object({ id: idField, status: paperStatus })

export const adminPaperSchema = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  title: z.string(),
  use: wireEnum(PAPER_USES),
  kind: wireEnum(PAPER_KINDS),
  status: wireEnum(PAPER_STATUSES),
  durationMinutes: z.number().int(),
  opensAt: isoOrNull,
  closesAt: isoOrNull,
  maxAttempts: z.number().int(),
  questionCount: z.number().int(),
  totalScore: z.number().int(),
  attemptCount: z.number().int(),
  markingCount: z.number().int(),
  createdAt: iso,
})

export const adminPaperDetailSchema = adminPaperSchema.extend({
  intro: z.string(),
  passScore: z.number().int(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  showRank: z.boolean(),
  publishedAt: isoOrNull,
  questions: z.array(
    z.object({
      questionId: z.number().int(),
      sort: z.number().int(),
      score: z.number().int(),
      type: wireEnum(QUESTION_TYPES),
      difficulty: wireEnum(DIFFICULTIES),
      stem: z.string(),
    }),
  ),
  rules: z.array(
    z.object({
      id: z.number().int(),
      chapterId: z.number().int().nullable(),
      chapterTitle: z.string().nullable(),
      type: wireEnum(QUESTION_TYPES),
      difficulty: wireEnum(DIFFICULTIES).nullable(),
      count: z.number().int(),
      score: z.number().int(),
      available: z.number().int().describe('bank questions matching the rule now'),
    }),
  ),
})

// ---- the office's calls: attempts and marking ----

export const attemptListQuery = z.object({
  paperId: optionalId,
  status: z.preprocess(emptyToUndefined, attemptStatus.optional()),
  keyword: optionalText(40).describe('part of the name, phone or student number'),
  ...pagingQuery,
})
export const exportQuery = z.object({ paperId: idField })

export const adminAttemptSchema = z.object({
  id: z.number().int(),
  paperId: z.number().int(),
  studentId: z.number().int(),
  name: z.string(),
  studentNo: z.string().nullable(),
  phone: phoneOut().describe('masked'),
  number: z.number().int(),
  status: wireEnum(ATTEMPT_STATUSES),
  startedAt: iso,
  closedAt: isoOrNull,
  closeReason: wireEnum(ATTEMPT_CLOSES).nullable(),
  objectiveScore: z.number().int().nullable(),
  subjectiveScore: z.number().int().nullable(),
  score: z.number().int().nullable(),
  totalScore: z.number().int(),
  pendingMarks: z.number().int(),
})

export const adminAttemptDetailSchema = attemptResultSchema.extend({
  questions: z.array(officeResultQuestion),
  subjectiveScore: z.number().int().nullable(),
  student: z.object({ id: z.number().int(), name: z.string(), studentNo: z.string().nullable() }),
  markedAt: isoOrNull,
})

export const markBody = z.object({
  attemptId: idField,
  marks: z.preprocess(
    jsonArray,
    z
      .array(
        z.object({
          position: intField({ label: '题号', min: 1, max: 1000 }),
          earned: intField({ label: '得分', min: 0, max: 100 }),
          comment: z.preprocess(
            (v) => (v === null || v === '' ? undefined : v),
            z.string().trim().max(500, '评语不能超过500字').optional(),
          ),
        }),
        '评分格式不正确',
      )
      .min(1, '请至少给一题打分')
      .max(PAPER_QUESTIONS_MAX)
      .refine((marks) => new Set(marks.map((m) => m.position)).size === marks.length, '同一题不能重复打分'),
  ),
})
export const clearBody = z.object({ paperId: idField, studentId: idField })
export const clearedSchema = z.object({ cleared: z.number().int() })
