import type { Page } from '@activity/wire'

// The student's exercise, exam and wrong-answer book calls of issue 24, written from the contract
// (/work/contract-24.md, "Client calls") until the server's routes are on main; then these become
// @activity/api-types aliases like study-types.ts. Times are ISO text; answers are string[] (单选
// ['B'], 多选 sorted keys, 判断 ['T'|'F'], 填空 one entry per blank, 简答 [text]; [] unanswered).

/** A choice's key and text (A.. in order; 判断题 T 正确 / F 错误). */
export interface QuestionOption {
  key: string
  text: string
}

/** A QuestionType label (单选题 …); a Difficulty label (简单 一般 困难). */
type TypeLabel = string
type DifficultyLabel = string

// ---------------------------------------------------------------------------------------------
// 章节练习

export interface ExerciseChapter {
  /** null: 未分章. */
  id: number | null
  title: string
  total: number
  done: number
  right: number
  byDifficulty: Record<DifficultyLabel, { total: number; done: number }>
}

export interface ExerciseChapters {
  courseId: number
  courseTitle: string
  chapters: ExerciseChapter[]
}

export interface ExerciseChaptersQuery {
  courseId: number
}

export interface ExerciseListQuery {
  courseId: number
  chapterId?: number
  difficulty?: string
}

/** A question of the practice list, in the bank's order; `correct` null for 简答题 or not done. */
export interface ExerciseItem {
  id: number
  type: TypeLabel
  difficulty: DifficultyLabel
  done: boolean
  correct: boolean | null
}

export interface ExerciseList {
  items: ExerciseItem[]
}

/** What the server says of an answer: right or wrong (null: 简答题), the answer and the analysis. */
export interface Verdict {
  correct: boolean | null
  rightAnswer: string[]
  analysis: string
}

export interface ExerciseQuestion {
  id: number
  courseId: number
  chapterId: number | null
  type: TypeLabel
  difficulty: DifficultyLabel
  stem: string
  options: QuestionOption[]
  /** 0-based, in its list. */
  index: number
  /** My last answer and its verdict, when I answered it before. */
  mine: null | (Verdict & { answer: string[] })
}

export interface HandSubjectBody {
  questionId: number
  answer: string[]
}

export interface HandSubjectAnswer extends Verdict {
  inWrongBook: boolean
  done: number
  total: number
}

export interface ExerciseRedoBody {
  courseId: number
  /** null: 未分章 (sent as an empty value). */
  chapterId: number | null
}

// ---------------------------------------------------------------------------------------------
// 错题本

export interface WrongListQuery {
  courseId?: number
  type?: string
  page: number
  size: number
}

export interface WrongItem {
  questionId: number
  courseId: number
  courseTitle: string
  type: TypeLabel
  difficulty: DifficultyLabel
  stem: string
  wrongCount: number
  streak: number
  /** A WrongSource label. */
  source: string
  lastWrongAt: string | null
}

export type WrongPage = Page<WrongItem>

export interface WrongSummary {
  total: number
  courses: Array<{ courseId: number; courseTitle: string; count: number }>
  types: Array<{ type: TypeLabel; count: number }>
  mastered: number
}

export interface WrongQuestion {
  questionId: number
  courseId: number
  type: TypeLabel
  difficulty: DifficultyLabel
  stem: string
  options: QuestionOption[]
  wrongCount: number
  streak: number
}

/** A redo; for 简答题 the student judges their own answer (`selfCorrect`). */
export interface WrongRedoBody {
  questionId: number
  answer: string[]
  selfCorrect?: boolean
}

export interface WrongRedoAnswer extends Verdict {
  streak: number
  mastered: boolean
}

export interface WrongQuestionRef {
  questionId: number
}

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
