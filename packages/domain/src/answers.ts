/**
 * The one rule for a student's answer, wherever it is judged: 章节练习 and the 错题本 (right or
 * wrong), a 考试's or 模拟试卷's attempt (right or wrong, and the points earned), and the client
 * (what an answer is on the wire). An answer is `string[]`: option keys (单选题/多选题, sorted),
 * `T`/`F` (判断题), one entry per blank (填空题; the bank's entry may hold `|` alternatives), or
 * the text (简答题). `[]` is unanswered.
 *
 * What a student would expect is the rule: `A,B`, `AB`, `a b`, `Ａ、Ｂ` and `["B","A"]` are the
 * same 多选题 answer; `对`, `√`, `true` are 判断题's `T`; a blank matches whatever its width, case
 * or spacing (Unicode NFKC: full-width letters, digits and signs are the half-width ones).
 */
import { JUDGE_KEYS, OBJECTIVE_QUESTION_TYPES, QuestionType } from '@activity/wire'

/** Unicode NFKC; where a runtime has no `normalize`, full-width ASCII and the ideographic space folded by hand. */
function nfkc(text: string): string {
  if (typeof text.normalize === 'function') return text.normalize('NFKC')
  return text.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ')
}

/** Text as compared (a blank, a 判断题 word): NFKC, spaces collapsed, trimmed, lower case. */
export function foldAnswerText(text: string): string {
  return nfkc(text).replace(/\s+/g, ' ').trim().toLowerCase()
}

/** Types judged the moment they are answered (not 简答题, which a person judges). */
export function isObjective(type: string): boolean {
  return (OBJECTIVE_QUESTION_TYPES as readonly string[]).includes(type)
}

/** No answer at all: `[]`, nothing, or every entry blank. */
export function isUnanswered(response: readonly string[] | null | undefined): boolean {
  return !response || response.every((r) => r.trim() === '')
}

/**
 * Option keys from what was given: each entry split at separators (spaces, `,`, `、`, `;`, `|`,
 * `/`, `.`) and before each letter, so `AC`, `A,C`, `a、c` are `A`, `C`; upper-cased, unique,
 * sorted. Anything that is not a key stays (`选A` gives `选`, `A`), so it can never pass for one.
 */
export function choiceKeys(response: readonly string[]): string[] {
  const keys = response.flatMap((entry) =>
    nfkc(entry)
      .toUpperCase()
      .split(/[\s,、;|/.。]+|(?=[A-Z])/)
      .filter(Boolean),
  )
  return [...new Set(keys)].sort()
}

const JUDGE_WORDS: Record<string, string> = {
  t: JUDGE_KEYS.right,
  true: JUDGE_KEYS.right,
  正确: JUDGE_KEYS.right,
  对: JUDGE_KEYS.right,
  '√': JUDGE_KEYS.right,
  '✓': JUDGE_KEYS.right,
  y: JUDGE_KEYS.right,
  是: JUDGE_KEYS.right,
  f: JUDGE_KEYS.wrong,
  false: JUDGE_KEYS.wrong,
  错误: JUDGE_KEYS.wrong,
  错: JUDGE_KEYS.wrong,
  '×': JUDGE_KEYS.wrong,
  '✗': JUDGE_KEYS.wrong,
  x: JUDGE_KEYS.wrong,
  n: JUDGE_KEYS.wrong,
  否: JUDGE_KEYS.wrong,
}

/** The 判断题 key a word means (T/F, 正确/错误, 对/错, √/×, true/false, Y/N, 是/否, any width or case), or undefined. The bank's form and import read answers with it too. */
export function judgeWord(entry: string): string | undefined {
  return JUDGE_WORDS[foldAnswerText(entry)]
}

/** 判断题's key of one entry (`judgeWord`); anything else is its upper-cased text. */
function judgeKey(entry: string): string {
  return judgeWord(entry) ?? foldAnswerText(entry).toUpperCase()
}

/**
 * An answer as it goes on the wire and is kept: choices as `choiceKeys` (a 单选题 with two keys
 * keeps both, and is wrong); 判断题 its keys; 填空题 one entry per blank, trimmed (the blanks'
 * places kept); 简答题 one entry, trimmed. Unanswered is `[]`.
 */
export function normalizeAnswer(type: string, response: readonly string[]): string[] {
  if (isUnanswered(response)) return []
  switch (type) {
    case QuestionType.single:
    case QuestionType.multiple:
      return choiceKeys(response)
    case QuestionType.judge:
      return [...new Set(response.filter((r) => r.trim() !== '').map(judgeKey))].sort()
    case QuestionType.fill:
      return response.map((r) => r.trim())
    case QuestionType.short:
      return [
        response
          .map((r) => r.trim())
          .filter(Boolean)
          .join('\n'),
      ]
    default:
      return response.map((r) => r.trim())
  }
}

/** Whether one blank's response matches the bank's entry (one of its `|` alternatives); an empty one never does. */
export function blankMatches(entry: string, given: string | undefined): boolean {
  const g = foldAnswerText(given ?? '')
  if (g === '') return false
  return entry.split('|').some((alt) => foldAnswerText(alt) === g)
}

/** A question as judged: its type and right answer (in the letters shown); its points when scored. */
export interface Judgeable {
  type: string
  answer: readonly string[]
}

export interface Scorable extends Judgeable {
  score: number
}

export interface Scored {
  /** Right (every point), wrong; null: an answered 简答题, which a person judges. */
  correct: boolean | null
  /** Points earned; null with `correct: null`. */
  earned: number | null
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i])

/**
 * Scores one answer. Right only when exact: 单选题/判断题 the one key, 多选题 exactly the keys,
 * 填空题 every blank. Points: right earns the question's score; a 多选题 answered with some of
 * the keys and no wrong one (少选) earns half (rounded down) and is still wrong; a 填空题 earns
 * its share of right blanks (rounded down). Unanswered is wrong and earns 0, a 简答题 too;
 * an answered 简答题 is `{ correct: null, earned: null }`.
 */
export function scoreAnswer(q: Scorable, response: readonly string[] | null | undefined): Scored {
  if (isUnanswered(response)) return { correct: false, earned: 0 }
  const given = normalizeAnswer(q.type, response!)
  const full = (right: boolean): Scored => ({ correct: right, earned: right ? q.score : 0 })
  switch (q.type) {
    case QuestionType.short:
      return { correct: null, earned: null }
    case QuestionType.single:
    case QuestionType.judge: {
      const right = normalizeAnswer(q.type, q.answer)
      return full(right.length === 1 && same(given, right))
    }
    case QuestionType.multiple: {
      const right = normalizeAnswer(q.type, q.answer)
      if (right.length > 0 && same(given, right)) return full(true)
      if (given.every((k) => right.includes(k))) return { correct: false, earned: Math.floor(q.score / 2) }
      return full(false)
    }
    case QuestionType.fill: {
      const blanks = q.answer.length
      if (blanks === 0) return full(false)
      const right = q.answer.filter((entry, i) => blankMatches(entry, given[i])).length
      return { correct: right === blanks, earned: Math.floor((q.score * right) / blanks) }
    }
    default:
      return full(false)
  }
}

/** Right or wrong without points (章节练习, 错题本): `scoreAnswer`'s verdict; an answered 简答题 is null. */
export function judgeAnswer(q: Judgeable, response: readonly string[] | null | undefined): boolean | null {
  return scoreAnswer({ ...q, score: 0 }, response).correct
}
