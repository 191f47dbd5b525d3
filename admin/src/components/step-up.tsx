/**
 * The `ask` the API client calls when a high-risk call needs 身份验证, and the place its dialog
 * renders. The dialog (StepUpDialog.tsx: tabs, form, modal) loads the first time it is asked for,
 * not with the sign-in screen; one dialog at a time (calls that need a step-up while it is open wait
 * for the same answer).
 */
import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react'

const StepUpDialog = lazy(() => import('./StepUpDialog'))

export function useStepUpDialog(): { dialog: ReactNode; ask: () => Promise<boolean> } {
  const [open, setOpen] = useState(false)
  // Mounted from the first ask on, so the dialog can animate closed.
  const [asked, setAsked] = useState(false)
  const waiting = useRef<{ promise: Promise<boolean>; resolve: (confirmed: boolean) => void }>(undefined)
  const ask = useCallback(() => {
    if (waiting.current) return waiting.current.promise
    let resolve: (confirmed: boolean) => void = () => undefined
    const promise = new Promise<boolean>((r) => (resolve = r))
    waiting.current = { promise, resolve }
    setAsked(true)
    setOpen(true)
    return promise
  }, [])
  const onDone = useCallback((confirmed: boolean) => {
    waiting.current?.resolve(confirmed)
    waiting.current = undefined
    setOpen(false)
  }, [])
  const dialog = asked ? (
    <Suspense fallback={null}>
      <StepUpDialog open={open} onDone={onDone} />
    </Suspense>
  ) : null
  return { dialog, ask }
}
