import type { ApiBody, ApiData, ApiQuery } from '@activity/api-types'

// The student's exercise, exam and wrong-answer book calls of issue 24. Practice (calls 1-11) is
// on main: its types are the server's (@activity/api-types, `npm run api:types`). Exams (12-21) are
// written from the contract (/work/contract-24.md, "Client calls") until the exams module is on
// main; then they become aliases too. Times are ISO text; answers are string[] (单选
// ['B'], 多选 sorted keys, 判断 ['T'|'F'], 填空 one entry per blank, 简答 [text]; [] unanswered).

/** A choice's key and text (A.. in order; 判断题 T 正确 / F 错误). */
export interface QuestionOption {
  key: string
  text: string
}

/** A QuestionType label (单选题 …). */
type TypeLabel = string

// ---------------------------------------------------------------------------------------------
// 章节练习 and 错题本 (calls 1-11): the practice module's own types

type Ex<N extends string> = `/api/sms/study/studentExercise/${N}`
type Wr<N extends string> = `/api/sms/study/studentWrongSubject/${N}`
type Hand = '/api/sms/study/studentSubject/handSubject'

/** A course's chapters (未分章 last, id null) with my progress, in all and per difficulty. */
export type ExerciseChapters = ApiData<Ex<'chaptersForClient'>, 'get'>
export type ExerciseChapter = ExerciseChapters['chapters'][number]
export type ExerciseChaptersQuery = ApiQuery<Ex<'chaptersForClient'>, 'get'>

/** `chapterId`: an id, or 0 for 未分章; absent: the whole course. */
export type ExerciseListQuery = ApiQuery<Ex<'listForClient'>, 'get'>
export type ExerciseList = ApiData<Ex<'listForClient'>, 'get'>
/** A question of the practice list, in the bank's order; `correct` null for 简答题 or not done. */
export type ExerciseItem = ExerciseList['items'][number]

/** One question; `mine`: my last answer and its verdict, when I answered it before. */
export type ExerciseQuestion = ApiData<Ex<'detailsForClient'>, 'get'>

export type HandSubjectBody = ApiBody<Hand, 'post'>
export type HandSubjectAnswer = ApiData<Hand, 'post'>

/** `chapterId` absent or 0: 未分章. */
export type ExerciseRedoBody = ApiBody<Ex<'redo'>, 'put'>

export type WrongListQuery = ApiQuery<Wr<'list'>, 'get'>
export type WrongPage = ApiData<Wr<'list'>, 'get'>
export type WrongItem = WrongPage['list'][number]
export type WrongSummary = ApiData<Wr<'summaryForClient'>, 'get'>
/** A question of the book to redo (no answer). */
export type WrongQuestion = ApiData<Wr<'detailsForClient'>, 'get'>
/** A redo; for 简答题 the student judges their own answer (`selfCorrect`). */
export type WrongRedoBody = ApiBody<Wr<'redo'>, 'post'>
export type WrongRedoAnswer = ApiData<Wr<'redo'>, 'post'>
export type WrongQuestionRef = ApiQuery<Wr<'detailsForClient'>, 'get'>
export type AddForSelfAnswer = ApiData<Wr<'addForSelf'>, 'post'>
export type RemovalAnswer = ApiData<Wr<'removal'>, 'delete'>

/** What the server says of an answer: right or wrong (null: 简答题), the answer and the analysis. */
export type Verdict = Pick<HandSubjectAnswer, 'correct' | 'rightAnswer' | 'analysis'>

// ---------------------------------------------------------------------------------------------
// 考试 / 模拟试卷

export type PaperState = '未开始' | '可参加' | '答题中' | '已用完' | '已结束'

export interface PaperCard {
  id: number
  courseId: number
  courseTitle: string
  title: string
  /** PaperUse: 模拟试卷 | 考试. */
  use: string
  kind: string
  durationMinutes: number
  questionCount: number
  totalScore: number
  passScore: number
  opensAt: string | null
  closesAt: string | null
  maxAttempts: number
  attemptsUsed: number
  openAttemptId: number | null
  bestScore: number | null
  state: PaperState
}

export interface PaperListQuery {
  courseId?: number
  use?: string
}

export interface AttemptSummary {
  id: number
  number: number
  /** AttemptStatus: 答题中 待阅卷 已完成 已放弃. */
  status: string
  startedAt: string
  endsAt: string
  closedAt: string | null
  closeReason: string | null
  /** Final score (null until marked). */
  score: number | null
  objectiveScore: number | null
  totalScore: number
  pendingMarks: number
}

export interface PaperDetail extends PaperCard {
  intro: string | null
  attempts: AttemptSummary[]
}

export interface SheetQuestion {
  position: number
  type: TypeLabel
  stem: string
  options: QuestionOption[]
  score: number
  /** My saved answer (null: none saved). */
  response: string[] | null
}

/** An open attempt: no answer, analysis or score of any kind. */
export interface AttemptSheet {
  id: number
  paperId: number
  paperTitle: string
  status: '答题中'
  startedAt: string
  endsAt: string
  /** The server's clock when it answered (corrects the device's). */
  serverNow: string
  totalScore: number
  questions: SheetQuestion[]
}

export interface ResultQuestion extends SheetQuestion {
  questionId: number
  rightAnswer: string[]
  analysis: string
  correct: boolean | null
  earned: number | null
  comment: string | null
}

export interface AttemptResult extends AttemptSummary {
  paperId: number
  paperTitle: string
  passScore: number
  rank: null | { rank: number; of: number }
  questions: ResultQuestion[]
}

/** attemptForClient: the sheet while open, the result once closed (`status` tells). */
export type AttemptView = AttemptSheet | AttemptResult

export interface SaveAnswerBody {
  attemptId: number
  position: number
  answer: string[]
}

export interface SaveAnswerAnswer {
  position: number
  savedAt: string
}

export interface AttemptRef {
  attemptId: number
}

export interface ScoreItem {
  attemptId: number
  paperId: number
  paperTitle: string
  courseTitle: string
  use: string
  number: number
  closedAt: string | null
  score: number | null
  totalScore: number
  status: string
}

export interface StudyReport {
  courseId: number
  courseTitle: string
  exercise: { done: number; total: number; right: number; accuracy: number }
  chapters: Array<{ id: number | null; title: string; done: number; total: number; accuracy: number }>
  /** Oldest first, final scores. */
  exams: Array<{ attemptId: number; paperTitle: string; closedAt: string; score: number; totalScore: number }>
  studyTime: { total: number; days: Array<{ day: string; seconds: number }> }
  wrongCount: number
}
