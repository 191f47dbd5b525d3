/**
 * The enumerations of questions, papers and the wrong-answer book, in a module of their own: only the pages that use them load them
 * (the H5 entry's shared chunk carries enums.ts).
 */
import { values } from './values'

/** A question's type in the bank, in exercises and in papers. */
export const QuestionType = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
  fill: '填空题',
  short: '简答题',
} as const
export type QuestionType = (typeof QuestionType)[keyof typeof QuestionType]
export const QUESTION_TYPES = /*#__PURE__*/ values(QuestionType)
/** Types the server scores at submission; 简答题 waits for a teacher (待阅卷). */
export const OBJECTIVE_QUESTION_TYPES: readonly QuestionType[] = [
  QuestionType.single,
  QuestionType.multiple,
  QuestionType.judge,
  QuestionType.fill,
]
/** The two keys a 判断题 is answered with (its options are 正确 / 错误). */
export const JUDGE_KEYS = { right: 'T', wrong: 'F' } as const

/** How a paper's questions are chosen: a fixed list, or drawn per student from the bank by rules. */
export const PaperKind = { fixed: '固定试卷', random: '随机试卷' } as const
export type PaperKind = (typeof PaperKind)[keyof typeof PaperKind]
export const PAPER_KINDS = /*#__PURE__*/ values(PaperKind)

/** What a paper is for: a mock paper to practise on, or an exam (考试). */
export const PaperUse = { mock: '模拟试卷', exam: '考试' } as const
export type PaperUse = (typeof PaperUse)[keyof typeof PaperUse]
export const PAPER_USES = /*#__PURE__*/ values(PaperUse)

/** A paper's status: 草稿 -> 已发布 -> 已停用 (and published again). */
export const PaperStatus = { draft: '草稿', published: '已发布', closed: '已停用' } as const
export type PaperStatus = (typeof PaperStatus)[keyof typeof PaperStatus]
export const PAPER_STATUSES = /*#__PURE__*/ values(PaperStatus)

/** An attempt's status: 答题中 -> 待阅卷 (short answers to mark) -> 已完成; or 已放弃. */
export const AttemptStatus = { open: '答题中', marking: '待阅卷', done: '已完成', abandoned: '已放弃' } as const
export type AttemptStatus = (typeof AttemptStatus)[keyof typeof AttemptStatus]
export const ATTEMPT_STATUSES = /*#__PURE__*/ values(AttemptStatus)

/** How an attempt closed: the student's 交卷, the end time (the server closes it), the office's 收卷, or 放弃. */
export const AttemptClose = { submitted: '交卷', timeout: '超时自动交卷', office: '老师收卷', abandoned: '放弃作答' } as const
export type AttemptClose = (typeof AttemptClose)[keyof typeof AttemptClose]
export const ATTEMPT_CLOSES = /*#__PURE__*/ values(AttemptClose)

/** Where a wrong-answer book entry came from. */
export const WrongSource = { exercise: '章节练习', exam: '考试', manual: '手动添加' } as const
export type WrongSource = (typeof WrongSource)[keyof typeof WrongSource]
export const WRONG_SOURCES = /*#__PURE__*/ values(WrongSource)
/** A question in the wrong-answer book is mastered (and leaves it) when redone right this many times in a row. */
export const WRONG_MASTER_STREAK = 2

/** Images a student or a teacher may attach to one post of a question. */
export const QUESTION_IMAGES_MAX = 6
