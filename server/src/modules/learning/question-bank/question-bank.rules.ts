import { choiceKeys, judgeWord } from '@activity/domain'
import { DIFFICULTIES, type Difficulty, JUDGE_KEYS, QUESTION_TYPES, QuestionType } from '../../../wire.ts'
import type { QuestionOption } from './question-bank.table.ts'

// The bank's rules for a question's content, one place for the console's form and the xlsx import.

export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const
export const OPTIONS_MIN = 2
export const OPTIONS_MAX = OPTION_KEYS.length
export const STEM_MAX = 2000
export const OPTION_TEXT_MAX = 500
export const ANALYSIS_MAX = 5000
export const BLANKS_MAX = 20
export const BLANK_MAX = 200
export const SHORT_ANSWER_MAX = 5000

export const JUDGE_OPTIONS: QuestionOption[] = [
  { key: JUDGE_KEYS.right, text: '正确' },
  { key: JUDGE_KEYS.wrong, text: '错误' },
]

const CHOICE_TYPES: readonly string[] = [QuestionType.single, QuestionType.multiple]
export const isChoice = (type: string) => CHOICE_TYPES.includes(type)
export const isQuestionType = (v: string): v is QuestionType => (QUESTION_TYPES as readonly string[]).includes(v)
export const isDifficulty = (v: string): v is Difficulty => (DIFFICULTIES as readonly string[]).includes(v)

/** 判断题's answer from T/F, 正确/错误, 对/错, √/×, true/false: one entry only (option keys and 判断题 words are read by the one answer rule, @activity/domain, as students' answers are). */
function judgeKey(answer: readonly string[]): string | undefined {
  return answer.length === 1 ? judgeWord(answer[0]!) : undefined
}

export interface QuestionContent {
  type: QuestionType
  options: QuestionOption[]
  answer: string[]
}

/**
 * A question's options and answer as the bank stores them, or the reason (in words a person
 * reads) they break the type's rules: choices have 2..8 options keyed A.. in order and answer
 * keys among them (单选题 exactly one, 多选题 two or more, sorted); 判断题 has the options
 * 正确/错误 and answers T or F; 填空题 has one entry per blank (alternatives `|`); 简答题 one
 * reference answer. 判断题, 填空题 and 简答题 carry no options of their own (any given are dropped).
 */
export function checkContent(input: {
  type: QuestionType
  options: ReadonlyArray<{ key?: string; text: string }>
  answer: readonly string[]
}): { ok: true; content: QuestionContent } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message })
  const { type } = input
  if (isChoice(type)) {
    const options = input.options.map((o) => ({ key: o.key?.trim().toUpperCase(), text: o.text.trim() }))
    if (options.length < OPTIONS_MIN || options.length > OPTIONS_MAX) return fail(`选择题需要${OPTIONS_MIN}-${OPTIONS_MAX}个选项`)
    for (const [i, o] of options.entries()) {
      const key = OPTION_KEYS[i]!
      if (o.key && o.key !== key) return fail('选项须按A、B、C……的顺序排列')
      if (!o.text) return fail(`请填写选项${key}的内容`)
      if (o.text.length > OPTION_TEXT_MAX) return fail(`选项${key}不能超过${OPTION_TEXT_MAX}个字符`)
    }
    const keys = choiceKeys(input.answer)
    const allowed = OPTION_KEYS.slice(0, options.length) as readonly string[]
    if (keys.length === 0) return fail('请填写答案')
    const stray = keys.find((k) => !allowed.includes(k))
    if (stray) return fail(`答案「${stray}」不在选项中（可选 ${allowed.join('、')}）`)
    if (type === QuestionType.single && keys.length !== 1) return fail('单选题的答案只能是一个选项')
    if (type === QuestionType.multiple && keys.length < 2) return fail('多选题至少需要两个正确选项')
    return { ok: true, content: { type, options: options.map((o, i) => ({ key: OPTION_KEYS[i]!, text: o.text })), answer: keys } }
  }
  if (type === QuestionType.judge) {
    const key = judgeKey(input.answer)
    if (!key) return fail('判断题的答案只能是正确（T）或错误（F）')
    return { ok: true, content: { type, options: JUDGE_OPTIONS.map((o) => ({ ...o })), answer: [key] } }
  }
  if (type === QuestionType.fill) {
    const blanks = input.answer.map((a) =>
      a
        .split('|')
        .map((alt) => alt.trim())
        .filter(Boolean)
        .join('|'),
    )
    if (blanks.length === 0 || blanks.every((b) => !b)) return fail('填空题至少需要一个空的答案')
    if (blanks.length > BLANKS_MAX) return fail(`填空题最多${BLANKS_MAX}个空`)
    const empty = blanks.findIndex((b) => !b)
    if (empty >= 0) return fail(`第${empty + 1}空的答案不能为空`)
    const long = blanks.findIndex((b) => b.length > BLANK_MAX)
    if (long >= 0) return fail(`第${long + 1}空的答案不能超过${BLANK_MAX}个字符`)
    return { ok: true, content: { type, options: [], answer: blanks } }
  }
  const reference = input.answer
    .map((a) => a.trim())
    .filter(Boolean)
    .join('\n')
  if (!reference) return fail('请填写简答题的参考答案')
  if (reference.length > SHORT_ANSWER_MAX) return fail(`参考答案不能超过${SHORT_ANSWER_MAX}个字符`)
  return { ok: true, content: { type, options: [], answer: [reference] } }
}
