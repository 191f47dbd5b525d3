/**
 * A Select that searches as the operator types (a student, a partner, a course): it asks `find` a
 * moment (250 ms) after the last key, shows what the newest call answered, and searches with no
 * keyword when it gets the focus empty. `selectProps` wires a Select to it; a screen that adds
 * options of its own (a value from the address) uses `setOptions`.
 *
 *   const { selectProps } = useSearchSelect((k) => findStudents(k), { notFound: '没有找到学员' })
 *   return <Select<number> {...selectProps} placeholder='…' {...rest} />
 */
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react'

export type SearchOption<V> = { value: V; label: string }

export interface SearchSelect<V> {
  options: SearchOption<V>[]
  setOptions: Dispatch<SetStateAction<SearchOption<V>[]>>
  search: (keyword: string) => void
  selectProps: {
    showSearch: true
    filterOption: false
    notFoundContent: string
    loading: boolean
    options: SearchOption<V>[]
    onSearch: (keyword: string) => void
    onFocus: () => void
  }
}

export function useSearchSelect<V>(
  find: (keyword: string) => Promise<SearchOption<V>[]>,
  {
    notFound,
    keepOnFailure = false,
  }: {
    /** What the open list says when nothing was found. */
    notFound: string
    /** A failed call leaves the last answer on show (by default it empties the list). */
    keepOnFailure?: boolean
  },
): SearchSelect<V> {
  const [options, setOptions] = useState<SearchOption<V>[]>([])
  const [loading, setLoading] = useState(false)
  const latest = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const search = (keyword: string) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const id = ++latest.current
      setLoading(true)
      find(keyword.trim())
        .then((found) => {
          if (id === latest.current) setOptions(found)
        })
        .catch(() => {
          if (id === latest.current && !keepOnFailure) setOptions([])
        })
        .finally(() => {
          if (id === latest.current) setLoading(false)
        })
    }, 250)
  }
  return {
    options,
    setOptions,
    search,
    selectProps: {
      showSearch: true,
      filterOption: false,
      notFoundContent: loading ? '搜索中…' : notFound,
      loading,
      options,
      onSearch: search,
      onFocus: () => {
        if (options.length === 0) search('')
      },
    },
  }
}
