import { useCallback, useEffect, useRef, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import type { RequestOptions } from '../request'
import { taroStorage } from '../store/storage'
import type { Envelope } from '@activity/wire'

export interface Remote<T> {
  /** The last answer; undefined until one arrived (or, with `remember`, the one kept from last time). */
  data: T | undefined
  /** `data` is the one kept from last time, not yet confirmed by this visit's answer. */
  remembered: boolean
  loading: boolean
  /** The last call failed (the wrapper has shown why, or nothing for a network failure). */
  failed: boolean
  reload: (options?: RequestOptions) => Promise<void>
}

/** The answer kept under `key` by an earlier visit, if it can still be read. */
function recall<T>(key: string | undefined): T | undefined {
  const text = key ? taroStorage.get(key) : null
  if (!text) return undefined
  try {
    return JSON.parse(text) as T
  } catch {
    return undefined
  }
}

/**
 * One back-office answer a dashboard screen shows (home summary, tier, counts): loaded once a
 * session is there, again on `reload()`, and, with `reloadOnShow`, each time the page shows
 * again (back from 提现, the numbers have changed). A late answer to an earlier call is dropped.
 * With `remember` (a storage key naming the user), each answer is kept and shown at once on the
 * next visit, so the page paints without waiting for the network, then the answer replaces it.
 * Only for what is shown, never for what a decision is taken on (提现 asks afresh).
 */
export function useRemote<T>(
  fetch: (options: RequestOptions) => Promise<Envelope<T>>,
  enabled: boolean,
  { reloadOnShow = false, remember }: { reloadOnShow?: boolean; remember?: string } = {},
): Remote<T> {
  const [data, setData] = useState<T | undefined>(() => (enabled ? recall<T>(remember) : undefined))
  const [remembered, setRemembered] = useState(() => data !== undefined)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const fetchRef = useRef(fetch)
  fetchRef.current = fetch
  const seq = useRef(0)
  const loaded = useRef(false)

  const reload = useCallback(
    async (options: RequestOptions = {}) => {
      const mine = ++seq.current
      setLoading(true)
      setFailed(false)
      try {
        const res = await fetchRef.current(options)
        if (mine !== seq.current) return
        loaded.current = true
        setData(res.data)
        setRemembered(false)
        if (remember) taroStorage.set(remember, JSON.stringify(res.data))
      } catch {
        if (mine === seq.current) setFailed(true)
      } finally {
        if (mine === seq.current) setLoading(false)
      }
    },
    [remember],
  )

  useEffect(() => {
    if (enabled) void reload()
  }, [enabled, reload])

  // The first show comes with the first load above; later ones refresh what is shown.
  useDidShow(() => {
    if (reloadOnShow && enabled && loaded.current) void reload({ lock: true })
  })

  return { data, remembered, loading, failed, reload }
}
