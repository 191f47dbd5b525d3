/**
 * 试卷 (`/api/bms/cont/paper`) and 阅卷 (`/api/sms/study/studentExam`): a course's papers (a fixed
 * list of questions, or rules to draw them per student), their publishing, and the students'
 * attempts: marking 简答题, 收卷, 重置考试 and the scores' export. Scores are whole points,
 * durations minutes, times ISO.
 *
 * Typed from the contract of issue 24 until the exams routes reach main; then these types come
 * from @activity/api-types like courses.ts'.
 */
import type { AttemptClose, AttemptStatus, Difficulty, Page, PaperKind, PaperStatus, PaperUse, QuestionType } from '@activity/wire'
import { del, get, post, put } from './client'
import type { QuestionOption } from './questions'

/** A paper as the list shows it (`markingCount`: attempts 待阅卷). */
export type PaperItem = {
  id: number
  courseId: number
  courseTitle: string
  title: string
  use: PaperUse
  kind: PaperKind
  status: PaperStatus
  durationMinutes: number
  opensAt: string | null
  closesAt: string | null
  maxAttempts: number
  questionCount: number
  totalScore: number
  attemptCount: number
  markingCount: number
  createdAt: string
}

/** A fixed paper's question, in order. */
export type PaperQuestion = {
  questionId: number
  sort: number
  score: number
  type: QuestionType
  difficulty: Difficulty
  stem: string
}

/** A random paper's rule; `available`: bank questions matching it now. */
export type PaperRule = {
  id: number
  chapterId: number | null
  chapterTitle: string | null
  type: QuestionType
  difficulty: Difficulty | null
  count: number
  score: number
  available: number
}

export type PaperDetail = PaperItem & {
  intro: string
  passScore: number
  shuffleQuestions: boolean
  shuffleOptions: boolean
  showRank: boolean
  questions: PaperQuestion[]
  rules: PaperRule[]
}

export type PaperQuery = {
  courseId?: number | string
  use?: string
  status?: string
  keyword?: string
  page?: number | string
  size?: number | string
}

/** What 新建试卷 / 保存 send (a new paper is 草稿; kind and course are fixed once attempts exist). */
export type PaperInput = {
  courseId: number
  title: string
  use: PaperUse
  kind: PaperKind
  intro: string
  durationMinutes: number
  opensAt: string | null
  closesAt: string | null
  maxAttempts: number
  passScore: number
  shuffleQuestions: boolean
  shuffleOptions: boolean
  showRank: boolean
}

export type RuleInput = {
  chapterId: number | null
  type: QuestionType
  difficulty: Difficulty | null
  count: number
  score: number
}

/** A student's attempt in a paper's list (phone masked). */
export type AttemptItem = {
  id: number
  paperId: number
  studentId: number
  name: string
  studentNo: string | null
  phone: string
  number: number
  status: AttemptStatus
  startedAt: string
  closedAt: string | null
  closeReason: AttemptClose | null
  objectiveScore: number | null
  subjectiveScore: number | null
  score: number | null
  totalScore: number
  pendingMarks: number
}

export type AttemptQuery = {
  paperId: number | string
  status?: string
  keyword?: string
  page?: number | string
  size?: number | string
}

/** A question of an attempt as dealt (options in the letters the student saw), with the answer and the mark. */
export type AttemptQuestion = {
  position: number
  questionId: number
  type: QuestionType
  stem: string
  options: QuestionOption[]
  score: number
  response: string[] | null
  rightAnswer: string[]
  analysis: string
  correct: boolean | null
  earned: number | null
  comment: string | null
}

/** Everything of an attempt, for marking. */
export type AttemptDetail = {
  id: number
  paperId: number
  paperTitle: string
  number: number
  status: AttemptStatus
  startedAt: string
  endsAt: string
  closedAt: string | null
  closeReason: AttemptClose | null
  score: number | null
  objectiveScore: number | null
  totalScore: number
  passScore: number
  pendingMarks: number
  student: { id: number; name: string; studentNo: string | null }
  questions: AttemptQuestion[]
}

export type MarkInput = {
  position: number
  earned: number
  comment?: string
}

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
