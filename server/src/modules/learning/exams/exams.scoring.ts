import { JUDGE_KEYS, QuestionType } from '../../../wire.ts'

/**
 * A paper's dealing, pure: which options a paper may shuffle, and the seeded shuffles. Scoring is
 * @activity/domain's answer rule (scoreAnswer), the one practice judges by too.
 */

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
