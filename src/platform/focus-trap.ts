import { useEffect, useRef } from 'react'
import { BUILD } from './build'

/** What Tab may stop at: native controls and whatever press() made pressable. */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]'

function tabbables(box: HTMLElement): HTMLElement[] {
  return Array.from(box.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
  )
}

/** The open dialogs, innermost last: only it answers Tab and Escape. */
const open: HTMLElement[] = []

/**
 * A dialog's keyboard on H5 (issue 45): while `active`, focus moves into the element the returned
 * ref is on (the `first` selector's element, else its first control, else itself), Tab and Shift+Tab go round its controls
 * without leaving it, and Escape calls `onEscape` (closes, as its 取消 or × would). When it stops
 * being active the focus goes back to where it was, the control that opened it. The
 * mini-programs have no keyboard: there the ref is unused.
 *
 *   const box = useFocusTrap(isOpened, onClose)
 *   <View ref={box} role='dialog' aria-modal aria-label='…'>…</View>
 */
export function useFocusTrap<T extends HTMLElement = HTMLElement>(active: boolean, onEscape?: () => void, first?: string) {
  const ref = useRef<T | null>(null)
  const escape = useRef(onEscape)
  escape.current = onEscape
  useEffect(() => {
    if (BUILD !== 'h5' || !active) return undefined
    const box = ref.current
    if (!box) return undefined
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    open.push(box)
    if (!box.hasAttribute('tabindex')) box.tabIndex = -1
    const enter = () => {
      if (box.contains(document.activeElement)) return
      const start = first ? box.querySelector<HTMLElement>(first) : null
      ;(start ?? tabbables(box)[0] ?? box).focus({ preventScroll: true })
    }
    enter()
    // A dialog that draws its controls a moment later (an animation, an answer): focus them then.
    const late = window.setTimeout(enter, 50)
    const onKey = (event: KeyboardEvent) => {
      if (open[open.length - 1] !== box) return
      if (event.key === 'Escape' && escape.current) {
        event.preventDefault()
        escape.current()
        return
      }
      if (event.key !== 'Tab') return
      const stops = tabbables(box)
      const at = stops.indexOf(document.activeElement as HTMLElement)
      if (stops.length === 0) {
        event.preventDefault()
        box.focus({ preventScroll: true })
      } else if (event.shiftKey && at <= 0) {
        event.preventDefault()
        stops[stops.length - 1]!.focus()
      } else if (!event.shiftKey && (at === -1 || at === stops.length - 1)) {
        event.preventDefault()
        stops[0]!.focus()
      }
    }
    document.addEventListener('keydown', onKey, true)
    return () => {
      window.clearTimeout(late)
      document.removeEventListener('keydown', onKey, true)
      open.splice(open.indexOf(box), 1)
      if (opener?.isConnected && (box.contains(document.activeElement) || document.activeElement === document.body))
        opener.focus({ preventScroll: true })
    }
    // `first` is a fixed selector per dialog; `onEscape` is read through its ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active])
  return ref
}
