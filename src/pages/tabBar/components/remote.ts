import { useCallback, useEffect, useRef, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import type { RequestOptions } from '../../../request'
import type { Envelope } from '../../../wire'

export interface Remote<T> {
  /** The last answer; undefined until one arrived. */
  data: T | undefined
  loading: boolean
  /** The last call failed (the wrapper has shown why, or nothing for a network failure). */
  failed: boolean
  reload: (options?: RequestOptions) => Promise<void>
}

/**
 * One back-office answer a dashboard screen shows (home summary, tier, counts): loaded once a
 * session is there, again on `reload()`, and, with `reloadOnShow`, each time the page shows
 * again (back from 提现, the numbers have changed). A late answer to an earlier call is dropped.
 */
export function useRemote<T>(
  fetch: (options: RequestOptions) => Promise<Envelope<T>>,
  enabled: boolean,
  { reloadOnShow = false }: { reloadOnShow?: boolean } = {},
): Remote<T> {
  const [data, setData] = useState<T | undefined>(undefined)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const fetchRef = useRef(fetch)
  fetchRef.current = fetch
  const seq = useRef(0)
  const loaded = useRef(false)

  const reload = useCallback(async (options: RequestOptions = {}) => {
    const mine = ++seq.current
    setLoading(true)
    setFailed(false)
    try {
      const res = await fetchRef.current(options)
      if (mine !== seq.current) return
      loaded.current = true
      setData(res.data)
    } catch {
      if (mine === seq.current) setFailed(true)
    } finally {
      if (mine === seq.current) setLoading(false)
    }
  }, [])

  useEffect(() => {
    if (enabled) void reload()
  }, [enabled, reload])

  // The first show comes with the first load above; later ones refresh what is shown.
  useDidShow(() => {
    if (reloadOnShow && enabled && loaded.current) void reload({ lock: true })
  })

  return { data, loading, failed, reload }
}
