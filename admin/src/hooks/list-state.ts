/**
 * A list's state in its address: filters, page, page size and sort live in the search params, so
 * a reload, the back button or a shared link shows the same list. Pure functions, used by
 * useUrlList (and tested on their own).
 *
 * `?status=待审核&registered=2025-01-01&registered=2025-01-31&page=2&sort=createdAt.descend`
 */

export type SortOrder = 'ascend' | 'descend'
export type FilterValue = string | string[]

export interface ListState {
  filters: Record<string, FilterValue>
  page: number
  size: number
  sort?: { field: string; order: SortOrder }
}

export interface ListStateOptions {
  /** Filters that hold two values (date ranges) or several (multiple choice). */
  arrayKeys?: readonly string[]
  defaultSize?: number
  /** Page sizes a person may choose; anything else in the address falls back to the default. */
  sizes?: readonly number[]
}

const RESERVED = new Set(['page', 'size', 'sort'])
export const PAGE_SIZES = [10, 20, 50, 100] as const

/** A form value as address text: dates as YYYY-MM-DD (or with the time when they carry one). */
function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim()
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined
  if (typeof value === 'boolean') return String(value)
  if (typeof value === 'object' && 'format' in value && typeof (value as { format: unknown }).format === 'function') {
    return (value as { format: (f: string) => string }).format('YYYY-MM-DD')
  }
  return undefined
}

/** Form values (ProTable's search form, after its date formatting) as filters; empty ones dropped. */
export function cleanFilters(values: Record<string, unknown>): Record<string, FilterValue> {
  const filters: Record<string, FilterValue> = {}
  for (const [key, value] of Object.entries(values)) {
    if (key.startsWith('_') || RESERVED.has(key) || key === 'current' || key === 'pageSize') continue
    if (Array.isArray(value)) {
      const texts = value.map(asText).filter((t): t is string => t !== undefined)
      if (texts.length > 0) filters[key] = texts
    } else {
      const text = asText(value)
      if (text !== undefined) filters[key] = text
    }
  }
  return filters
}

export function readListState(search: URLSearchParams, options: ListStateOptions = {}): ListState {
  const { arrayKeys = [], defaultSize = 20, sizes = PAGE_SIZES } = options
  const filters: Record<string, FilterValue> = {}
  for (const key of new Set(search.keys())) {
    if (RESERVED.has(key)) continue
    const values = search.getAll(key).filter((v) => v.trim() !== '')
    if (values.length === 0) continue
    filters[key] = arrayKeys.includes(key) ? values : (values[0] as string)
  }
  const page = Number(search.get('page'))
  const size = Number(search.get('size'))
  const [field, order] = (search.get('sort') ?? '').split('.')
  return {
    filters,
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
    size: sizes.includes(size) ? size : defaultSize,
    ...(field && (order === 'ascend' || order === 'descend') ? { sort: { field, order } } : {}),
  }
}

/** The search params for a state: keys in a stable order, page 1 and the default size left out. */
export function writeListState(state: ListState, options: ListStateOptions = {}): URLSearchParams {
  const { defaultSize = 20 } = options
  const search = new URLSearchParams()
  for (const key of Object.keys(state.filters).sort()) {
    const value = state.filters[key]
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) search.append(key, v)
    else search.append(key, value)
  }
  if (state.page > 1) search.set('page', String(state.page))
  if (state.size !== defaultSize) search.set('size', String(state.size))
  if (state.sort) search.set('sort', `${state.sort.field}.${state.sort.order}`)
  return search
}

/** The first sort of ProTable's `sort` argument (`{ field: 'ascend' | 'descend' | null }`). */
export function sortFromTable(sort: Record<string, SortOrder | null | undefined> | undefined): ListState['sort'] {
  for (const [field, order] of Object.entries(sort ?? {})) if (order === 'ascend' || order === 'descend') return { field, order }
  return undefined
}

export interface ServerQueryOptions {
  /** Range filters spread over two parameters: `{ created: ['dateFrom', 'dateTo'] }`. */
  ranges?: Record<string, readonly [string, string]>
  /** The columns the server sorts by; a sort on another one (a hand-edited address) is not sent. Omitted: any. */
  sorts?: readonly string[]
  /** The `sort` sent when the list is not sorted (or by a column the server does not offer). */
  defaultSort?: string
}

/**
 * A list state as the back-office's list query (the list calls of /docs): `page`, `size`,
 * `sort` as `field_asc` / `field_desc`, single filters as they are, and each range filter spread
 * over its two parameters (`{ created: ['dateFrom', 'dateTo'] }`). Every list's request (and its
 * export, through exportQuery) is made here.
 */
export function toServerQuery(
  state: ListState,
  { ranges = {}, sorts, defaultSort }: ServerQueryOptions = {},
): Record<string, string | number | string[]> {
  const query: Record<string, string | number | string[]> = { page: state.page, size: state.size }
  for (const [key, value] of Object.entries(state.filters)) {
    const range = ranges[key]
    if (range) {
      const [from, to] = Array.isArray(value) ? value : [value, value]
      if (from) query[range[0]] = from
      if (to) query[range[1]] = to
    } else {
      query[key] = value
    }
  }
  const sort = (sorts ? serverSort(state.sort, sorts) : state.sort && serverSort(state.sort, [state.sort.field])) ?? defaultSort
  if (sort) query.sort = sort
  return query
}

/** The query of a list's export: its filters and sort as the list sends them, without paging. */
export function exportQuery(state: ListState | undefined, options: ServerQueryOptions = {}): Record<string, string | number | string[]> {
  if (!state) return {}
  const { page: _page, size: _size, ...query } = toServerQuery(state, options)
  return query
}

/**
 * The server's `sort` for a list state, when the list sorts by that column: `amount_asc`,
 * `createdAt_desc`… A sort the server does not offer (a hand-edited address) gives undefined, so the
 * server's default order applies instead of a refusal.
 */
export function serverSort(sort: ListState['sort'], fields: readonly string[]): string | undefined {
  if (!sort || !fields.includes(sort.field)) return undefined
  return `${sort.field}_${sort.order === 'ascend' ? 'asc' : 'desc'}`
}
