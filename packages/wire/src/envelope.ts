/**
 * The `{code, message, data}` envelope every back-office call answers with (SPEC.md section 7).
 * Code 0 is success; any other code is a refusal whose message a person can read.
 */
export interface Envelope<T = unknown> {
  code: number
  message: string
  data: T
}

/** A page of a list call: `page` is 1-based, `size` defaults to 20 and is at most 100. */
export interface Page<T> {
  list: T[]
  total: number
  page: number
  size: number
}

/**
 * A page of a list that also pages by keyset (the partner's clues): send `nextCursor` back as
 * `cursor` for the rows after this page; null when no rows follow.
 */
export interface CursorPage<T> extends Page<T> {
  nextCursor: string | null
}

export const PAGE_SIZE_DEFAULT = 20
export const PAGE_SIZE_MAX = 100
