/**
 * One call's answer for a screen that is not a list (the dashboard, a detail): the data, the
 * server's refusal, whether it is loading, and a reload. A newer call wins over an older one.
 */
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react'

export interface Remote<T> {
  data: T | undefined
  error: string | undefined
  loading: boolean
  reload: () => void
}

export function useRemote<T>(load: () => Promise<T>, deps: DependencyList): Remote<T> {
  const [data, setData] = useState<T>()
  const [error, setError] = useState<string>()
  const [loading, setLoading] = useState(true)
  const [tick, setTick] = useState(0)
  const latest = useRef(0)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps)

  useEffect(() => {
    const id = ++latest.current
    setLoading(true)
    run().then(
      (value) => {
        if (id !== latest.current) return
        setData(value)
        setError(undefined)
        setLoading(false)
      },
      (reason: unknown) => {
        if (id !== latest.current) return
        setError(reason instanceof Error ? reason.message : String(reason))
        setLoading(false)
      },
    )
  }, [run, tick])

  return { data, error, loading, reload: useCallback(() => setTick((n) => n + 1), []) }
}
