import { useCallback, useEffect, useRef, useState } from 'react'
import type { LoadMoreStatus } from '../../../components/load-more'
import type { RequestOptions } from '../../../request'
import type { Envelope, Page } from '../../../wire'
import { LIST_PAGE_SIZE, footerStatus, hasMore, mergePage } from './list-logic'

/** One page of a list call: page number, size, and the request options (lock for a pull-down). */
export type FetchPage<T> = (page: number, size: number, options: RequestOptions) => Promise<Envelope<Page<T>>>

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
  // Which request generation is current, the last page shown, and whether a page is on its way.
  const generation = useRef(0)
  const shown = useRef({ rows: [] as T[], page: 0, total: undefined as number | undefined })
  const inFlight = useRef(false)
  const fetchRef = useRef(fetchPage)
  fetchRef.current = fetchPage

  const load = useCallback(async (pageNo: number, options: RequestOptions = {}) => {
    const gen = pageNo === 1 ? ++generation.current : generation.current
    inFlight.current = true
    setLoading(true)
    setFailed(false)
    try {
      const res = await fetchRef.current(pageNo, LIST_PAGE_SIZE, options)
      if (gen !== generation.current) return
      const next = mergePage(pageNo === 1 ? [] : shown.current.rows, res.data, pageNo)
      shown.current = { rows: next, page: pageNo, total: res.data.total }
      setRows(next)
      setTotal(res.data.total)
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
    shown.current = { rows: [], page: 0, total: undefined }
    setRows([])
    setTotal(undefined)
    void load(1)
  }, [enabled, key, load])

  const refresh = useCallback(() => load(1, { lock: true }), [load])

  const loadMore = useCallback(() => {
    if (!enabled || inFlight.current) return
    const { rows: now, page, total: all } = shown.current
    if (page === 0) {
      void load(1)
      return
    }
    if (hasMore(now.length, all)) void load(page + 1)
  }, [enabled, load])

  const retry = useCallback(() => {
    if (!enabled || inFlight.current) return
    if (shown.current.rows.length === 0) void load(1)
    else loadMore()
  }, [enabled, load, loadMore])

  return { rows, total, status: footerStatus({ loading, shownCount: rows.length, total }), failed, refresh, loadMore, retry }
}
