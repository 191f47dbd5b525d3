/**
 * The question editor's values and what it sends (pure; question-form.test.ts). The form holds
 * what a person edits per type: the options' texts (keyed A.. by their place, so removing one
 * re-letters the rest and the chosen answer follows), the right option(s), T/F, one row per blank
 * (alternatives split by `|`), or a reference answer. The server checks the same rules again.
 */
import { Difficulty, JUDGE_KEYS, QuestionType } from '@activity/wire'
import type { BankQuestion, QuestionInput, QuestionOption } from '../../api/questions'

export const OPTIONS_MIN = 2
export const OPTIONS_MAX = 8
export const STEM_MAX = 2000
export const ANALYSIS_MAX = 2000

/** 判断题's options, as the contract fixes them. */
export const JUDGE_OPTIONS: QuestionOption[] = [
  { key: JUDGE_KEYS.right, text: '正确' },
  { key: JUDGE_KEYS.wrong, text: '错误' },
]

export interface QuestionValues {
  courseId?: number
  chapterId?: number | null
  type: QuestionType
  difficulty: Difficulty
  stem: string
  /** Choices' option texts, in order (keys from the place). */
  options: Array<{ text: string }>
  /** 单选题's right key. */
  single?: string
  /** 多选题's right keys. */
  multiple?: string[]
  /** 判断题: T or F. */
  judge?: string
  /** 填空题: one entry per blank, alternatives split by `|`. */
  blanks: Array<{ text: string }>
  /** 简答题's reference answer. */
  reference?: string
  analysis?: string
}

/** A, B, C… for the option at `index`. */
export function optionKey(index: number): string {
  return String.fromCharCode(65 + index)
}

export function isChoice(type: QuestionType): boolean {
  return type === QuestionType.single || type === QuestionType.multiple
}

/** A blank's accepted answers: split by `|` (half- or full-width), trimmed, empty ones dropped. */
export function blankAlternatives(text: string): string[] {
  return text
    .split(/[|｜]/)
    .map((t) => t.trim())
    .filter((t) => t !== '')
}

/**
 * The chosen keys after the option at `removed` goes: its own key is dropped, later keys move up
 * one letter (the texts move with them), earlier ones stay.
 */
export function keysWithout(keys: readonly string[], removed: number): string[] {
  return keys.flatMap((key) => {
    const index = key.charCodeAt(0) - 65
    if (index === removed) return []
    return [index > removed ? optionKey(index - 1) : key]
  })
}

export function questionValues(
  question?: Pick<BankQuestion, 'courseId' | 'chapterId' | 'type' | 'difficulty' | 'stem' | 'options' | 'answer' | 'analysis'>,
  defaults: { courseId?: number } = {},
): QuestionValues {
  if (!question) {
    return {
      courseId: defaults.courseId,
      chapterId: null,
      type: QuestionType.single,
      difficulty: Difficulty.general,
      stem: '',
      options: [{ text: '' }, { text: '' }, { text: '' }, { text: '' }],
      blanks: [{ text: '' }],
      analysis: '',
    }
  }
  const { type, answer } = question
  return {
    courseId: question.courseId,
    chapterId: question.chapterId,
    type,
    difficulty: question.difficulty,
    stem: question.stem,
    options: isChoice(type) ? question.options.map((o) => ({ text: o.text })) : [{ text: '' }, { text: '' }, { text: '' }, { text: '' }],
    single: type === QuestionType.single ? answer[0] : undefined,
    multiple: type === QuestionType.multiple ? [...answer] : undefined,
    judge: type === QuestionType.judge ? answer[0] : undefined,
    blanks: type === QuestionType.fill ? answer.map((text) => ({ text })) : [{ text: '' }],
    reference: type === QuestionType.short ? (answer[0] ?? '') : undefined,
    analysis: question.analysis,
  }
}

/** Why the values cannot be sent (the first problem), or undefined. */
export function questionProblem(values: QuestionValues): string | undefined {
  if (!values.courseId) return '请选择课程'
  if (!values.stem?.trim()) return '请填写题干'
  if (values.stem.length > STEM_MAX) return `题干不能超过${STEM_MAX}个字符`
  if ((values.analysis ?? '').length > ANALYSIS_MAX) return `解析不能超过${ANALYSIS_MAX}个字符`
  const { type } = values
  if (isChoice(type)) {
    const options = values.options ?? []
    if (options.length < OPTIONS_MIN || options.length > OPTIONS_MAX) return `选项须为${OPTIONS_MIN}到${OPTIONS_MAX}个`
    const empty = options.findIndex((o) => !o.text?.trim())
    if (empty >= 0) return `请填写选项${optionKey(empty)}`
    const keys = options.map((_, i) => optionKey(i))
    if (type === QuestionType.single) {
      if (!values.single || !keys.includes(values.single)) return '请选择正确答案'
    } else {
      const chosen = (values.multiple ?? []).filter((k) => keys.includes(k))
      if (chosen.length < 2) return '多选题至少选择两个正确答案'
    }
  }
  if (type === QuestionType.judge && values.judge !== JUDGE_KEYS.right && values.judge !== JUDGE_KEYS.wrong) return '请选择正确或错误'
  if (type === QuestionType.fill) {
    const blanks = values.blanks ?? []
    if (blanks.length === 0) return '填空题至少有一个空'
    const empty = blanks.findIndex((b) => blankAlternatives(b.text ?? '').length === 0)
    if (empty >= 0) return `请填写第${empty + 1}空的答案`
  }
  if (type === QuestionType.short && !values.reference?.trim()) return '请填写参考答案'
  return undefined
}

/** What the editor sends; throws the problem's message (the form checks first). */
export function questionBody(values: QuestionValues): QuestionInput {
  const problem = questionProblem(values)
  if (problem) throw new Error(problem)
  const { type } = values
  const options: QuestionOption[] = isChoice(type)
    ? values.options.map((o, i) => ({ key: optionKey(i), text: o.text.trim() }))
    : type === QuestionType.judge
      ? JUDGE_OPTIONS
      : []
  const keys = options.map((o) => o.key)
  const answer =
    type === QuestionType.single
      ? [values.single as string]
      : type === QuestionType.multiple
        ? [...new Set(values.multiple)].filter((k) => keys.includes(k)).sort()
        : type === QuestionType.judge
          ? [values.judge as string]
          : type === QuestionType.fill
            ? values.blanks.map((b) => blankAlternatives(b.text).join('|'))
            : [(values.reference ?? '').trim()]
  return {
    courseId: values.courseId as number,
    chapterId: values.chapterId ?? null,
    type,
    difficulty: values.difficulty,
    stem: values.stem.trim(),
    options,
    answer,
    analysis: (values.analysis ?? '').trim(),
  }
}

/** An answer as a person reads it: A、C / 正确 / 第1空：x 或 y；… / the reference text. */
export function answerText(type: QuestionType, answer: readonly string[] | null | undefined): string {
  if (!answer || answer.length === 0) return '未作答'
  switch (type) {
    case QuestionType.judge:
      return answer[0] === JUDGE_KEYS.right ? '正确' : answer[0] === JUDGE_KEYS.wrong ? '错误' : String(answer[0])
    case QuestionType.fill:
      return answer.map((b, i) => `第${i + 1}空：${blankAlternatives(b).join(' 或 ') || '（空）'}`).join('；')
    case QuestionType.short:
      return answer[0] ?? ''
    default:
      return answer.join('、')
  }
}
