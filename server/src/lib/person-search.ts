import { type AnyColumn, eq, ilike, or, type SQL } from 'drizzle-orm'
import { isWholePhone } from './mask.ts'

/** `value` with the pattern characters of LIKE (`%`, `_` and the escape `\\`) taken literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (m) => `\\${m}`)

/** `%value%` for ILIKE, the pattern characters of `value` taken literally. */
export const containing = (value: string) => `%${escapeLike(value)}%`

/**
 * A list's keyword over people (issue 37 §2): names, student numbers and codes match as a
 * substring; a phone only whole, so no prefix or substring search rebuilds a masked number digit
 * by digit (a whole one searched for is a look-up: plugins/sensitive-data.ts limits and records it).
 */
export function personKeyword(keyword: string | undefined, { text, phones }: { text: AnyColumn[]; phones: AnyColumn[] }): SQL | undefined {
  const k = keyword?.trim()
  if (!k) return undefined
  const like = containing(k)
  return or(...text.map((c) => ilike(c, like)), ...(isWholePhone(k) ? phones.map((c) => eq(c, k)) : []))
}
