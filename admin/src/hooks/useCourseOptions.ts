/**
 * Courses and a course's chapters as select options, for the screens that work per course (题库,
 * 试卷): the first 100 courses by the list's order (the office has a handful) and the chapters of
 * the chosen one. Values are numbers; a filter that lives in the address takes them as text.
 */
import { useMemo } from 'react'
import { coursesApi } from '../api/courses'
import { useRemote } from './useRemote'

export interface Option<V = number> {
  value: V
  label: string
}

export function useCourseOptions(): { options: Option[]; loading: boolean; error: string | undefined } {
  const { data, loading, error } = useRemote(() => coursesApi.list({ page: 1, size: 100 }), [])
  const options = useMemo(() => (data?.list ?? []).map((c) => ({ value: c.id, label: c.title })), [data])
  return { options, loading, error }
}

/** The chapters of a course, in order; none while no course is chosen. */
export function useChapterOptions(courseId: number | undefined): { options: Option[]; loading: boolean } {
  const { data, loading } = useRemote(
    () => (courseId ? coursesApi.details(courseId).then((c) => c.chapters) : Promise.resolve([])),
    [courseId],
  )
  const options = useMemo(() => (data ?? []).map((c) => ({ value: c.id, label: c.title })), [data])
  return { options, loading }
}

/** Options with text values, for a filter the address holds. */
export function asText(options: readonly Option[]): Array<Option<string>> {
  return options.map((o) => ({ value: String(o.value), label: o.label }))
}
