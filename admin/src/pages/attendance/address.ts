/**
 * 考勤's filters live in the address like every list's (hooks/list-state.ts): the class, the course,
 * the days (`date`, two values) and the statistics' dimension (`by`). One query is built per tab for
 * its call, its export and its preload, so a preloaded answer is the one the screen asks for.
 */
import type { BoardQuery, StatisticsQuery } from '../../api/attendance'
import { type FilterValue, readListState } from '../../hooks/list-state'
import { statisticsBy } from './figures'

export const ARRAY_KEYS = ['date'] as const

export const filtersOf = (search: URLSearchParams) => readListState(search, { arrayKeys: ARRAY_KEYS }).filters

const text = (v: FilterValue | undefined) => (typeof v === 'string' && v ? v : undefined)

/** The days as the server's `dateFrom` and `dateTo`, each only when given. */
function days(filters: Record<string, FilterValue>): { dateFrom?: string; dateTo?: string } {
  const [dateFrom, dateTo] = Array.isArray(filters.date) ? filters.date : []
  return { ...(dateFrom ? { dateFrom } : {}), ...(dateTo ? { dateTo } : {}) }
}

/** The grid's query, or none while no class is chosen (the server needs one). */
export function boardQuery(filters: Record<string, FilterValue>): BoardQuery | undefined {
  const classId = text(filters.classId)
  if (!classId) return undefined
  const course = text(filters.course)
  return { classId, ...(course ? { course } : {}), ...days(filters) }
}

export function statisticsQuery(filters: Record<string, FilterValue>): StatisticsQuery {
  const classId = text(filters.classId)
  return { by: statisticsBy(text(filters.by)), ...(classId ? { classId } : {}), ...days(filters) }
}
