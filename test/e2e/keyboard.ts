import type { CDPSession, Page } from '@playwright/test'

/**
 * The keyboard walk of issue 45: what a pointer can use on the page against what Tab reaches.
 *
 * A pointer control is a visible element with a click listener (read through DevTools'
 * `getEventListeners`, so it sees every framework's handlers) or a native field, less the dark
 * overlays behind a dialog or sheet (their keyboard equivalent is Escape) and what is out of the
 * Tab order on purpose (tabindex -1: the × that empties the focused field). Tab then goes round the
 * page once from the top; each stop is recorded with its role, its name and whether a focus ring
 * shows. A pointer control is reached when Tab stops on it or on a control inside it; the walk
 * fails when the counts differ, a control is never reached, or a stop has no role, name or ring.
 */
export interface Walk {
  /** Pointer controls on the page. */
  pointer: number
  /** Distinct stops Tab made. */
  reached: number
  /** Pointer controls Tab never reached, described. */
  unreachable: string[]
  /** Stops that are no pointer control (a focusable that does nothing when tapped). */
  extra: string[]
  /** Stops with no role or no name. */
  unnamed: string[]
  /** Stops with no visible focus ring. */
  noRing: string[]
}

const MARK = 'data-walk'

/**
 * Marks the page's pointer controls (data-walk="p<n>") and returns how many: the elements a click
 * does something on, and the native fields. A tap target holding another (the Picker's own tap
 * target around its field) counts once, as the control inside it.
 */
async function markPointerControls(cdp: CDPSession): Promise<number> {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    includeCommandLineAPI: true,
    returnByValue: true,
    expression: `(() => {
      const listens = (el) => { const l = getEventListeners(el); return Boolean(l.click && l.click.length) }
      const field = (el) => el.matches('input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), a[href]')
      const found = []
      for (const el of document.querySelectorAll('body *')) {
        el.removeAttribute('${MARK}')
        if (!listens(el) && !field(el)) continue
        if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden') continue
        if (el.closest('[aria-hidden="true"], [inert]')) continue
        // Out of the Tab order on purpose: a pointer's shortcut the keyboard does otherwise (press()'s tabbable: false).
        if (el.getAttribute('tabindex') === '-1') continue
        if (/(^|[-_])(overlay|mask)/.test(el.className)) continue
        found.push(el)
      }
      const innermost = found.filter((el) => !found.some((other) => other !== el && el.contains(other)))
      innermost.forEach((el, n) => el.setAttribute('${MARK}', 'p' + n))
      return innermost.length
    })()`,
  })
  if (exceptionDetails) throw new Error(`marking pointer controls failed: ${exceptionDetails.text}`)
  return result.value as number
}

/** Walks the page with Tab alone and compares what it reached with what a pointer can use. */
export async function keyboardWalk(page: Page, cdp: CDPSession): Promise<Walk> {
  const before = await markPointerControls(cdp)
  await page.evaluate(() => {
    const w = window as unknown as { __stops: Array<Record<string, unknown>>; __stopsListening?: boolean }
    w.__stops = []
    ;(document.activeElement as HTMLElement | null)?.blur()
    if (w.__stopsListening) return
    w.__stopsListening = true
    document.addEventListener(
      'focusin',
      (event) => {
        const el = event.target as HTMLElement
        const tag = el.tagName.toLowerCase()
        const implicit: Record<string, string> = { button: 'button', a: 'link', textarea: 'textbox', select: 'combobox' }
        const type = (el as HTMLInputElement).type
        const role =
          el.getAttribute('role') ??
          implicit[tag] ??
          (tag === 'input' ? (type === 'checkbox' ? 'checkbox' : type === 'radio' ? 'radio' : 'textbox') : '')
        const labelled = el.getAttribute('aria-labelledby')
        const name = (
          el.getAttribute('aria-label') ??
          (labelled ? document.getElementById(labelled)?.textContent : null) ??
          (el as HTMLInputElement).labels?.[0]?.textContent ??
          (el.textContent || (el as HTMLInputElement).placeholder || el.getAttribute('title') || '')
        ).trim()
        const style = getComputedStyle(el)
        const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
        w.__stops.push({
          what: `${tag}.${String(el.className).split(' ')[0]} "${(el.textContent ?? '').trim().slice(0, 20)}"`,
          role,
          name,
          ring,
          self: el,
        })
      },
      true,
    )
  })
  // Round the page once: until the first stop comes back, or the focus leaves the page twice.
  const limit = before * 2 + 40
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab')
    const done = await page.evaluate(() => {
      const stops = (window as unknown as { __stops: Array<{ self: Element }> }).__stops
      return stops.length > 1 && stops.slice(1).some((s) => s.self === stops[0]!.self)
    })
    if (done) break
  }
  // Counted again after the walk: a list loads its next page when the focus reaches its end.
  const pointer = await markPointerControls(cdp)
  return page.evaluate(
    ({ mark, pointer }) => {
      const stops = (window as unknown as { __stops: Array<Record<string, unknown> & { self: Element }> }).__stops
      const distinct = stops.filter((s, i) => stops.findIndex((t) => t.self === s.self) === i)
      const marks = Array.from(document.querySelectorAll<HTMLElement>(`[${mark}]`))
      const inside = (s: { self: Element }) => marks.filter((p) => p.contains(s.self)).map((p) => p.getAttribute(mark)!)
      const covered = new Set(distinct.flatMap(inside))
      const unreachable = marks
        .filter((p) => !covered.has(p.getAttribute(mark)!))
        .map((p) => `${p.tagName.toLowerCase()}.${String(p.className).split(' ')[0]} "${(p.textContent ?? '').trim().slice(0, 20)}"`)
      return {
        pointer,
        reached: distinct.length,
        ...(pointer !== distinct.length
          ? {
              marks: marks.map((p) => `${p.getAttribute(mark)} ${p.tagName.toLowerCase()}.${String(p.className).split(' ')[0]}`),
              stops: distinct.map((s) => s.what as string),
            }
          : {}),
        unreachable,
        extra: distinct.filter((s) => inside(s).length === 0).map((s) => `${s.what as string} role=${s.role as string}`),
        unnamed: distinct.filter((s) => !s.role || !s.name).map((s) => `${s.what as string} role=${s.role as string}`),
        noRing: distinct.filter((s) => !s.ring).map((s) => s.what as string),
      }
    },
    { mark: MARK, pointer },
  )
}
