/**
 * A form's submission: one at a time (a double click sends once), the server's refusal kept for
 * the form to show in place (a stale page gets the server's message, not a crash). The one place a
 * screen turns a failed call into the text it shows: forms, dialogs and uploads use this hook (its
 * `shown` alert, or `refusal` where the screen lays it out itself; a dialog form through
 * components/SubmitModalForm); calls without a form of their own are shown by the API client
 * (antd's message).
 */
import { Alert } from 'antd'
import { type ReactNode, useCallback, useRef, useState } from 'react'

/** The refusal to show: the server's message (ApiError), or what went wrong on the way. */
export function refusalOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export interface Submission {
  /** Runs `work` unless one is running; resolves true when it succeeded (the form may close). */
  submit: (work: () => Promise<unknown>) => Promise<boolean>
  /** The refusal as an alert, or nothing. */
  shown: ReactNode
  refusal: string | undefined
  pending: boolean
  clear: () => void
  /** Shows a refusal found before sending (a file of the wrong type, an amount out of range). */
  refuse: (refusal: string) => void
}

export function useSubmission(): Submission {
  const busy = useRef(false)
  const [refusal, setRefusal] = useState<string>()
  const [pending, setPending] = useState(false)
  const submit = useCallback(async (work: () => Promise<unknown>) => {
    if (busy.current) return false
    busy.current = true
    setPending(true)
    setRefusal(undefined)
    try {
      await work()
      return true
    } catch (error) {
      setRefusal(refusalOf(error))
      return false
    } finally {
      busy.current = false
      setPending(false)
    }
  }, [])
  const shown = refusal ? <Alert role='alert' type='error' showIcon message={refusal} className='console-gap-bottom' /> : null
  const clear = useCallback(() => setRefusal(undefined), [])
  return { submit, shown, refusal, pending, clear, refuse: setRefusal }
}

/**
 * The screen behind a form is refreshed after a change; after a refusal (the page was stale) only
 * once the form is closed, so the refusal stays readable.
 */
export function useRefreshAfter(onDone: () => void) {
  const stale = useRef(false)
  return {
    settled: (done: boolean) => {
      if (done) onDone()
      else stale.current = true
    },
    afterClose: () => {
      if (stale.current) onDone()
      stale.current = false
    },
  }
}
