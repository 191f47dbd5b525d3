import type { ApiBody, ApiData, ApiQuery, WithText } from '@activity/api-types'

// The student's exercise, exam, wrong-answer book and report calls of issue 24, named from the
// server's own types (@activity/api-types, `npm run api:types`). Times are ISO text; answers are string[] (单选
// ['B'], 多选 sorted keys, 判断 ['T'|'F'], 填空 one entry per blank, 简答 [text]; [] unanswered).

/** A choice's key and text (A.. in order; 判断题 T 正确 / F 错误). */
export type QuestionOption = ExerciseQuestion['options'][number]

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

/** `answer` as its JSON text (`answerOnWire`), like every answer of issue 24. */
export type HandSubjectBody = WithText<ApiBody<Hand, 'post'>, 'answer'>
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
export type WrongRedoBody = WithText<ApiBody<Wr<'redo'>, 'post'>, 'answer'>
export type WrongRedoAnswer = ApiData<Wr<'redo'>, 'post'>
export type WrongQuestionRef = ApiQuery<Wr<'detailsForClient'>, 'get'>
export type AddForSelfAnswer = ApiData<Wr<'addForSelf'>, 'post'>
export type RemovalAnswer = ApiData<Wr<'removal'>, 'delete'>

/** What the server says of an answer: right or wrong (null: 简答题), the answer and the analysis. */
export type Verdict = Pick<HandSubjectAnswer, 'correct' | 'rightAnswer' | 'analysis'>

// ---------------------------------------------------------------------------------------------
// 考试 / 模拟试卷 and 学习报告 (calls 12-21): the exams module's own types

type Exam<N extends string> = `/api/sms/study/studentExam/${N}`
type Subject<N extends string> = `/api/sms/study/studentSubject/${N}`

/** A published paper of my joined courses, with my attempts used, best score and state. */
export type PaperCard = ApiData<Exam<'listForClient'>, 'get'>[number]
export type PaperState = PaperCard['state']
export type PaperListQuery = ApiQuery<Exam<'listForClient'>, 'get'>

/** The card, its intro and my attempts. */
export type PaperDetail = ApiData<Exam<'detailsForClient'>, 'get'>
export type AttemptSummary = PaperDetail['attempts'][number]

/** attemptForClient: the sheet while open (no answer, analysis or score anywhere), the result once closed. */
export type AttemptView = ApiData<Exam<'attemptForClient'>, 'get'>
/** An open attempt; `serverNow` corrects the device's clock. */
export type AttemptSheet = ApiData<Exam<'start'>, 'post'>
export type SheetQuestion = AttemptSheet['questions'][number]
/** A closed attempt: score (null until marked), rank, each question with its answer and analysis. */
export type AttemptResult = ApiData<Exam<'overPaper'>, 'put'>
export type ResultQuestion = AttemptResult['questions'][number]

/**
 * One answer of my open attempt. `answer` goes as its JSON text (`["A","C"]`, `[]` to clear it):
 * a form body cannot carry an empty list (`answerOnWire`).
 */
export type SaveAnswerBody = WithText<ApiBody<Exam<'saveAnswer'>, 'put'>, 'answer'>
export type SaveAnswerAnswer = ApiData<Exam<'saveAnswer'>, 'put'>
export type AttemptRef = ApiBody<Exam<'overPaper'>, 'put'>

export type ScoreItem = ApiData<Subject<'studentScore'>, 'get'>[number]
export type ScoreQuery = ApiQuery<Subject<'studentScore'>, 'get'>
export type StudyReport = ApiData<Subject<'studentStudyReport'>, 'get'>
export type StudyReportQuery = ApiQuery<Subject<'studentStudyReport'>, 'get'>
