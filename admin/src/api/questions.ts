/**
 * 题库 (`/api/bms/cont/subject`): a course's questions, one by one or imported from an .xlsx sheet
 * (good rows imported, bad rows reported). Answers are `string[]` as the student gives them:
 * option keys (多选题 sorted), T/F, one entry per blank (alternatives split by `|`), the reference
 * answer of a 简答题. Times ISO.
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { del, get, post, put, upload } from './client'

/** A question of the bank as the list shows it (`usedInPapers`: papers holding it). */
export type BankQuestion = ApiItem<'/api/bms/cont/subject/list', 'get'>

/** An option of a choice (A, B, C… in order) or of a 判断题 (T, F). */
export type QuestionOption = BankQuestion['options'][number]

export type QuestionQuery = ApiQueryText<'/api/bms/cont/subject/list', 'get'>

/** What 新增题目 / 保存 send. */
export type QuestionInput = ApiBody<'/api/bms/cont/subject', 'post'>

/** An import's answer: `rows[].row` is the sheet's row number (the header is row 1). */
export type QuestionImportReport = ApiData<'/api/bms/cont/subject/uploadByExcel', 'post'>

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
