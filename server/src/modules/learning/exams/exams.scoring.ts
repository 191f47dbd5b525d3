import { JUDGE_KEYS, QuestionType } from '../../../wire.ts'

/**
 * The one scoring rule of papers (contract 24 "Answers"), pure: the practice module keeps the same
 * semantics for right/wrong. Answers are string[]: option keys (多选题 sorted), T/F, one entry per
 * blank (the bank's entry may hold `|` alternatives), or the 简答题 text.
 */

/** A question as scored: its type, the right answer (in the letters shown), its score. */
export interface Scorable {
  type: string
  answer: readonly string[]
  score: number
}

export interface Scored {
  /** null: a 简答题, marked by a teacher. */
  correct: boolean | null
  earned: number | null
}

/** No answer at all: `[]`, or every entry blank. */
export function isUnanswered(response: readonly string[] | null | undefined): boolean {
  return !response || response.every((r) => r.trim() === '')
}

/** A blank's text as compared: trimmed, full-width folded to half-width, lower case, inner spaces collapsed. */
export function foldBlank(text: string): string {
  return text
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
}

/** Does a blank's response match the bank's entry (one of its `|` alternatives)? */
export function blankMatches(expected: string, given: string): boolean {
  const g = foldBlank(given)
  if (g === '') return false
  return expected
    .split('|')
    .map(foldBlank)
    .some((alt) => alt !== '' && alt === g)
}

const keysOf = (response: readonly string[]) => [...new Set(response.map((k) => k.trim().toUpperCase()).filter((k) => k !== ''))].sort()

/** Scores one objective question; a 简答题 answers `{ correct: null, earned: null }` (a teacher marks it). */
export function scoreQuestion(q: Scorable, response: readonly string[] | null | undefined): Scored {
  if (q.type === QuestionType.short) return { correct: null, earned: null }
  if (isUnanswered(response)) return { correct: false, earned: 0 }
  const given = response!
  switch (q.type) {
    case QuestionType.single:
    case QuestionType.judge: {
      const keys = keysOf(given)
      const right = keys.length === 1 && keys[0] === q.answer[0]?.trim().toUpperCase()
      return { correct: right, earned: right ? q.score : 0 }
    }
    case QuestionType.multiple: {
      const keys = keysOf(given)
      const answer = keysOf(q.answer)
      if (keys.length === answer.length && keys.every((k, i) => k === answer[i])) return { correct: true, earned: q.score }
      // 少选得一半分: a non-empty subset with no wrong key.
      if (keys.length > 0 && keys.every((k) => answer.includes(k))) return { correct: false, earned: Math.floor(q.score / 2) }
      return { correct: false, earned: 0 }
    }
    case QuestionType.fill: {
      const blanks = q.answer.length
      if (blanks === 0) return { correct: false, earned: 0 }
      const right = q.answer.filter((expected, i) => blankMatches(expected, given[i] ?? '')).length
      return { correct: right === blanks, earned: Math.floor((q.score * right) / blanks) }
    }
    default:
      return { correct: false, earned: 0 }
  }
}

/** True for the types scored at closing (not 简答题). */
export const isObjective = (type: string) => type !== QuestionType.short

/** Choice types whose options a paper may shuffle (判断题 never). */
export const isShufflable = (type: string) => type === QuestionType.single || type === QuestionType.multiple

/** Option keys a response of this type may use. */
export function allowedKeys(type: string, options: ReadonlyArray<{ key: string }>): string[] {
  if (type === QuestionType.judge) return [JUDGE_KEYS.right, JUDGE_KEYS.wrong]
  return options.map((o) => o.key)
}

/** A deterministic generator (mulberry32): one attempt's shuffles are the same on every read. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Fisher–Yates on a copy. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

const LETTERS = 'ABCDEFGH'

/**
 * A choice question's options shuffled and re-lettered A.. in the new order, with the answer
 * mapped to the new letters (sorted): what the student sees and what they are scored against.
 */
export function shuffleOptions(
  q: { options: ReadonlyArray<{ key: string; text: string }>; answer: readonly string[] },
  random: () => number,
): { options: Array<{ key: string; text: string }>; answer: string[] } {
  const order = shuffled(q.options, random)
  const newKey = new Map(order.map((o, i) => [o.key, LETTERS[i] ?? String(i)]))
  return {
    options: order.map((o, i) => ({ key: LETTERS[i] ?? String(i), text: o.text })),
    answer: q.answer.map((k) => newKey.get(k) ?? k).sort(),
  }
}
