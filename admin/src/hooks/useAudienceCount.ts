import { useEffect, useRef, useState } from 'react'

/**
 * How many people a target reaches (a notice's, a mailing's), asked of the server a moment (300 ms)
 * after the target last changed, the earlier question cancelled. `key` names the target (its JSON);
 * until the answer for this key arrives, `fresh` is false.
 */
export function useAudienceCount(key: string, ask: (signal: AbortSignal) => Promise<{ count: number }>) {
  const [answer, setAnswer] = useState<{ key: string; count?: number; error?: string }>()
  const asking = useRef(ask)
  asking.current = ask
  useEffect(() => {
    const controller = new AbortController()
    const timer = setTimeout(() => {
      asking.current(controller.signal).then(
        ({ count }) => setAnswer({ key, count }),
        (e: unknown) => {
          if (!controller.signal.aborted) setAnswer({ key, error: e instanceof Error ? e.message : String(e) })
        },
      )
    }, 300)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [key])
  const fresh = answer?.key === key
  return { fresh, count: fresh ? answer.count : undefined, error: fresh ? answer.error : undefined }
}
