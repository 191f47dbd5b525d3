/**
 * 试卷 (`/api/bms/cont/paper`) and 阅卷 (`/api/sms/study/studentExam`): a course's papers (a fixed
 * list of questions, or rules to draw them per student), their publishing, and the students'
 * attempts: marking 简答题, 收卷, 重置考试 and the scores' export. Scores are whole points,
 * durations minutes, times ISO.
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page, PaperStatus } from '@activity/wire'
import { del, get, post, put } from './client'

/** A paper as the list shows it (`markingCount`: attempts 待阅卷). */
export type PaperItem = ApiItem<'/api/bms/cont/paper/list', 'get'>

/** A paper with a fixed paper's questions (in order) and a random paper's rules (`available`: bank questions matching now). */
export type PaperDetail = ApiData<'/api/bms/cont/paper/details', 'get'>

export type PaperQuestion = PaperDetail['questions'][number]

export type PaperRule = PaperDetail['rules'][number]

export type PaperQuery = ApiQueryText<'/api/bms/cont/paper/list', 'get'>

/** What 新建试卷 / 保存 send (a new paper is 草稿; kind and course are fixed once attempts exist). */
export type PaperInput = ApiBody<'/api/bms/cont/paper', 'post'>

export type RuleInput = ApiBody<'/api/bms/cont/paper/rules', 'put'>['rules'][number]

/** A student's attempt in a paper's list (phone masked). */
export type AttemptItem = ApiItem<'/api/sms/study/studentExam/list', 'get'>

export type AttemptQuery = ApiQueryText<'/api/sms/study/studentExam/list', 'get'>

/** Everything of an attempt, for marking: each question as dealt (options in the letters the student saw), the answer and the mark. */
export type AttemptDetail = ApiData<'/api/sms/study/studentExam/details', 'get'>

export type AttemptQuestion = AttemptDetail['questions'][number]

export type MarkInput = ApiBody<'/api/sms/study/studentExam/mark', 'put'>['marks'][number]

const paper = '/api/bms/cont/paper'
const exam = '/api/sms/study/studentExam'

export const papersApi = {
  list: (query: PaperQuery) => get<Page<PaperItem>>(`${paper}/list`, query),
  details: (id: number) => get<PaperDetail>(`${paper}/details`, { id }),
  create: (input: PaperInput) => post<PaperItem>(paper, input, { quiet: true }),
  update: (input: PaperInput & { id: number }) => put<PaperItem>(paper, input, { quiet: true }),
  /** A fixed paper's whole list (snapshots taken now); refused once students have answered. */
  saveQuestions: (input: { paperId: number; items: Array<{ questionId: number; score: number }> }) =>
    put<unknown>(`${paper}/questions`, input, { quiet: true }),
  /** A random paper's rules; refused once students have answered. */
  saveRules: (input: { paperId: number; rules: RuleInput[] }) => put<unknown>(`${paper}/rules`, input, { quiet: true }),
  /** 发布 (needs questions or satisfiable rules, pass score ≤ total) or 停用. */
  changeStatus: (input: { id: number; status: PaperStatus }) => put<unknown>(`${paper}/changeStatus`, input),
  /** Refused once students have answered: 停用 instead. */
  remove: (id: number) => del<null>(paper, { id }),
}

export const attemptsApi = {
  list: (query: AttemptQuery) => get<Page<AttemptItem>>(`${exam}/list`, query),
  details: (id: number) => get<AttemptDetail>(`${exam}/details`, { id }),
  /** 简答题 marks; the last one makes the score final and tells the student (成绩公布). */
  mark: (input: { attemptId: number; marks: MarkInput[] }) => put<AttemptDetail>(`${exam}/mark`, input, { quiet: true }),
  /** 收卷: closes an open attempt now. */
  close: (attemptId: number) => put<AttemptDetail>(`${exam}/assignOverAdmin`, { attemptId }),
  /** 重置考试: the student's attempts at the paper are deleted, so they may sit it again. */
  clear: (input: { paperId: number; studentId: number }) => put<{ cleared: number }>(`${exam}/clearExam`, input),
  exportPath: `${exam}/exports`,
}
