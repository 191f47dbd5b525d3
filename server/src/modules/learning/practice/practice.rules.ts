import { QuestionType } from '../../../wire.ts'

// Right or wrong in practice (章节练习, 错题本): the contract's rule, the same as the exams' scoring
// (exact for choices and judge; every blank right for 填空题; 简答题 is never scored here).

/** Text as compared in a blank: full-width folded to half-width, spaces collapsed, trimmed, lower case. */
export function foldText(s: string): string {
  return s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase()
}

/** A response with nothing in it ([] or only empty entries) is unanswered. */
export function isUnanswered(response: readonly string[]): boolean {
  return response.every((r) => r.trim() === '')
}

/** A choice response as the bank keeps answers: keys upper-cased, unique, sorted. */
export function choiceResponse(response: readonly string[]): string[] {
  const keys = response.flatMap((r) =>
    r
      .normalize('NFKC')
      .toUpperCase()
      .split(/[\s,，、;；]+|(?=[A-Z])/)
      .filter(Boolean),
  )
  return [...new Set(keys)].sort()
}

/** Whether one blank's response matches the bank's entry (alternatives separated by `|`). */
export function blankMatches(entry: string, response: string | undefined): boolean {
  if (response === undefined) return false
  const given = foldText(response)
  if (given === '') return false
  return entry.split('|').some((alt) => foldText(alt) === given)
}

/**
 * Whether `response` answers a question right: 单选/判断 the one key, 多选 exactly the keys (a
 * subset is wrong here), 填空 every blank. Unanswered is wrong. 简答题: null (the student judges).
 */
export function isCorrect(type: string, rightAnswer: readonly string[], response: readonly string[]): boolean | null {
  if (type === QuestionType.short) return null
  if (isUnanswered(response)) return false
  if (type === QuestionType.fill) return rightAnswer.length > 0 && rightAnswer.every((entry, i) => blankMatches(entry, response[i]))
  const given = choiceResponse(response)
  const right = choiceResponse(rightAnswer)
  return given.length === right.length && given.every((k, i) => k === right[i])
}
