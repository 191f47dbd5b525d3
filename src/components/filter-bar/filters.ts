import { TIME_TYPES, type TimeType } from '@activity/wire'

/**
 * The dashboard lists' filters (status or type, and time type) between three places: the
 * address (kept by replaceQuery, so a reload or a shared link shows the same list), the
 * filter bar, and the list call's query. "全部" is no filter: absent from both.
 */
export const ALL_LABEL = '全部'

/** A filter tab: its label, and the value sent ('' for 全部). */
// A type, not an interface: the select picker takes records (an interface has no index signature).
export type FilterTab<V extends string = string> = {
  label: string
  value: V | ''
}

/** 全部 followed by one tab per value. */
export function tabsOf<V extends string>(values: readonly V[]): Array<FilterTab<V>> {
  return [{ label: ALL_LABEL, value: '' }, ...values.map((value) => ({ label: value, value }))]
}

/** The time-type picker's choices: 全部 and SPEC's eight time types. */
export const TIME_TYPE_CHOICES: Array<FilterTab<TimeType>> = tabsOf(TIME_TYPES)

/**
 * A value from the address when it is one of `values`; anything else (absent, stale, made up) is
 * no filter. A value still encoded once more is read too: the login page's `from` comes back that
 * way for non-ASCII values (reported to the lead).
 */
export function pickValue<V extends string>(values: readonly V[], raw: string | undefined | null): V | undefined {
  if (!raw) return undefined
  const known = values as readonly string[]
  if (known.includes(raw)) return raw as V
  try {
    const decoded = decodeURIComponent(raw)
    return known.includes(decoded) ? (decoded as V) : undefined
  } catch {
    return undefined
  }
}

/** The time type in the address, or none. */
export function pickTimeType(raw: string | undefined | null): TimeType | undefined {
  return pickValue(TIME_TYPES, raw)
}

/**
 * A list call's query from the filters and the page: unset filters are left out (the server
 * reads an absent filter as 全部), page and size always go.
 */
export function listQuery<F extends Record<string, string | undefined>>(
  filters: F,
  page: number,
  size: number,
): Partial<F> & { page: number; size: number } {
  const query: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(filters)) {
    if (value) query[key] = value
  }
  return { ...(query as Partial<F>), page, size }
}

/** One text that changes whenever a filter does: the list reloads from page 1 on a change. */
export function filterKey(filters: Record<string, string | undefined>): string {
  return Object.keys(filters)
    .sort()
    .map((key) => `${key}=${filters[key] ?? ''}`)
    .join('&')
}
