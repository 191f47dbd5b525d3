/**
 * 题库 (`/api/bms/cont/subject`): a course's questions, one by one or imported from an .xlsx sheet
 * (good rows imported, bad rows reported). Answers are `string[]` as the student gives them:
 * option keys (多选题 sorted), T/F, one entry per blank (alternatives split by `|`), the reference
 * answer of a 简答题. Times ISO.
 *
 * Typed from the contract of issue 24 until the question-bank routes reach main; then these types
 * come from @activity/api-types like courses.ts'.
 */
import type { Difficulty, Page, QuestionType } from '@activity/wire'
import { del, get, post, put, upload } from './client'

/** An option of a choice (A, B, C… in order) or of a 判断题 (T, F). */
export type QuestionOption = {
  key: string
  text: string
}

/** A question of the bank as the list shows it (`usedInPapers`: papers holding it). */
export type BankQuestion = {
  id: number
  courseId: number
  courseTitle: string
  chapterId: number | null
  chapterTitle: string | null
  type: QuestionType
  difficulty: Difficulty
  stem: string
  options: QuestionOption[]
  answer: string[]
  analysis: string
  usedInPapers: number
  updatedAt: string
}

export type QuestionQuery = {
  courseId?: number | string
  chapterId?: number | string
  type?: string
  difficulty?: string
  keyword?: string
  page?: number | string
  size?: number | string
}

/** What 新增题目 / 保存 send. */
export type QuestionInput = {
  courseId: number
  chapterId: number | null
  type: QuestionType
  difficulty: Difficulty
  stem: string
  options: QuestionOption[]
  answer: string[]
  analysis: string
}

/** An import's answer: `rows[].row` is the sheet's row number (the header is row 1). */
export type QuestionImportReport = {
  imported: number
  failed: number
  rows: Array<{ row: number; ok: boolean; message: string }>
}

const base = '/api/bms/cont/subject'

export const questionsApi = {
  list: (query: QuestionQuery) => get<Page<BankQuestion>>(`${base}/list`, query),
  details: (id: number) => get<BankQuestion>(`${base}/details`, { id }),
  create: (input: QuestionInput) => post<BankQuestion>(base, input, { quiet: true }),
  update: (input: QuestionInput & { id: number }) => put<BankQuestion>(base, input, { quiet: true }),
  /** Allowed while papers hold it: they keep their snapshots. */
  remove: (id: number) => del<null>(base, { id }),
  /** Good rows go in (one transaction), bad rows come back with the reason. */
  import: (courseId: number, file: Blob) =>
    upload<QuestionImportReport>(`${base}/uploadByExcel`, file, { query: { courseId }, quiet: true }),
  templatePath: `${base}/template`,
}
