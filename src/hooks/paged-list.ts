import { useCallback, useEffect, useRef, useState } from 'react'
import type { LoadMoreStatus } from '../components/load-more'
import type { RequestOptions } from '../request'
import type { CursorPage, Envelope, Page } from '@activity/wire'
import { LIST_PAGE_SIZE, footerStatus, hasMore, mergePage, nextCursorOf } from './list-logic'

/**
 * One page of a list call: page number, size, the request options (lock for a pull-down), and
 * for a list that pages by keyset the previous page's cursor (undefined for the first page).
 */
export type FetchPage<T> = (
  page: number,
  size: number,
  options: RequestOptions,
  cursor: string | undefined,
) => Promise<Envelope<Page<T> | CursorPage<T>>>

export interface PagedList<T> {
  rows: T[]
  /** The list's total; undefined until the first page has answered. */
  total: number | undefined
  /** The load-more footer's state. */
  status: LoadMoreStatus
  /** The last call failed (the wrapper has shown why, or nothing for a network failure). */
  failed: boolean
  /** Page 1 again (pull-down refresh, a filter change, back on the page); resolves when it answered. */
  refresh: () => Promise<void>
  /** The next page, unless one is on its way or all rows are shown. */
  loadMore: () => void
  /** After a failure, the call that failed again: page 1 while no row is shown, else the next page. */
  retry: () => void
}

/**
 * A paged list for the dashboard screens: page 1 when `enabled` (a session) and whenever `key`
 * (the filters) changes, the next page on demand. An answer that arrives after the filters
 * changed again is dropped, so a slow network never shows the wrong list.
 */
export function usePagedList<T extends { id: number }>(fetchPage: FetchPage<T>, key: string, enabled: boolean): PagedList<T> {
  const [rows, setRows] = useState<T[]>([])
  const [total, setTotal] = useState<number | undefined>(undefined)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const [cursor, setCursor] = useState<string | null | undefined>(undefined)
  // Which request generation is current, the last page shown (and its cursor), and whether a page is on its way.
  const generation = useRef(0)
  const shown = useRef({ rows: [] as T[], page: 0, total: undefined as number | undefined, cursor: undefined as string | null | undefined })
  const inFlight = useRef(false)
  const fetchRef = useRef(fetchPage)
  fetchRef.current = fetchPage

  const load = useCallback(async (pageNo: number, options: RequestOptions = {}) => {
    const gen = pageNo === 1 ? ++generation.current : generation.current
    inFlight.current = true
    setLoading(true)
    setFailed(false)
    try {
      const after = pageNo === 1 ? undefined : (shown.current.cursor ?? undefined)
      const res = await fetchRef.current(pageNo, LIST_PAGE_SIZE, options, after)
      if (gen !== generation.current) return
      const next = mergePage(pageNo === 1 ? [] : shown.current.rows, res.data, pageNo)
      const nextCursor = nextCursorOf(res.data)
      shown.current = { rows: next, page: pageNo, total: res.data.total, cursor: nextCursor }
      setRows(next)
      setTotal(res.data.total)
      setCursor(nextCursor)
    } catch {
      if (gen === generation.current) setFailed(true)
    } finally {
      if (gen === generation.current) {
        inFlight.current = false
        setLoading(false)
      }
    }
  }, [])

  useEffect(() => {
    if (!enabled) return
    shown.current = { rows: [], page: 0, total: undefined, cursor: undefined }
    setRows([])
    setTotal(undefined)
    setCursor(undefined)
    void load(1)
  }, [enabled, key, load])

  const refresh = useCallback(() => load(1, { lock: true }), [load])

  const loadMore = useCallback(() => {
    if (!enabled || inFlight.current) return
    const { rows: now, page, total: all, cursor: next } = shown.current
    if (page === 0) {
      void load(1)
      return
    }
    if (hasMore(now.length, all, next)) void load(page + 1)
  }, [enabled, load])

  const retry = useCallback(() => {
    if (!enabled || inFlight.current) return
    if (shown.current.rows.length === 0) void load(1)
    else loadMore()
  }, [enabled, load, loadMore])

  return { rows, total, status: footerStatus({ loading, shownCount: rows.length, total, cursor }), failed, refresh, loadMore, retry }
}
