/**
 * Browser-test plumbing for the hardening suites (hardening-*.test.ts): the server made to
 * misbehave on chosen calls (an HTTP 500 with its own envelope, a dropped connection, an answer
 * 10 s late), the toasts a page showed, and the user the app has stored.
 */
import type { Page, Route } from '@playwright/test'

/** What the server answers for an unhandled error (server/src/plugins/errors.ts: Code.internal, INTERNAL_MESSAGE). */
export const SERVER_ERROR = { code: 100000500, message: '服务器繁忙，请稍后再试', data: null }
/** SPEC.md section 8: the status number, a colon, the server's message. */
export const SERVER_ERROR_TOAST = '500:服务器繁忙，请稍后再试'
/** What a submit shows when its call got no answer (the wrapper itself rejects silently). */
export const NETWORK_TOAST = '网络异常，请检查网络后重试'
export const SLOW_MS = 10_000
export const LOGIN = '/pages/user/login'

export type Fault = 'error' | 'drop' | 'slow'

/** Something a person sees: an element, optionally with a text. */
export interface Look {
  selector: string
  text?: string | RegExp
}

/** The first visible element matching `look`. */
export function on(page: Page, look: Look) {
  return page.locator(`${look.selector}:visible`, look.text ? { hasText: look.text } : undefined).first()
}

export async function sees(page: Page, look: Look, timeout = 20_000) {
  await on(page, look).waitFor({ timeout })
}

/**
 * A gate for a slow answer: `misbehave(…, 'slow', gate.opened)` holds the answer 10 s and, beyond
 * that, until the test calls `open()` once it has looked at the page waiting, so what it sees cannot
 * be the answer even on a machine slow enough to spend 10 s getting there.
 */
export function answerGate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

/**
 * Makes the server misbehave for `paths` on this page: an HTTP 500 with the server's envelope, a
 * dropped connection, or the real answer 10 s late (and not before `held` settles, when given).
 * Returns the way to end it.
 */
export async function misbehave(page: Page, paths: string[], fault: Fault, held?: Promise<void>): Promise<() => Promise<void>> {
  const matches = (url: URL) => paths.includes(url.pathname)
  const handler = async (route: Route) => {
    if (fault === 'error') {
      await route.fulfill({ status: 500, contentType: 'application/json; charset=utf-8', body: JSON.stringify(SERVER_ERROR) })
    } else if (fault === 'drop') {
      await route.abort('connectionreset')
    } else {
      // Unreferenced: a held answer whose page is gone must not keep the test process alive.
      await Promise.all([new Promise((r) => setTimeout(r, SLOW_MS).unref()), held])
      await route.continue().catch(() => undefined) // the page may be gone by then
    }
  }
  await page.route(matches, handler)
  return () => page.unroute(matches, handler)
}

/** Records the text of every toast the pages of a context show, in order. */
export const TOAST_RECORDER = `
  window.__toasts = [];
  (function () {
    var last = new WeakMap();
    new MutationObserver(function () {
      document.querySelectorAll('.app-toast').forEach(function (el) {
        var title = el.querySelector('.app-toast__title');
        var text = ((title || el).textContent || '').trim();
        if (text && last.get(el) !== text) { last.set(el, text); window.__toasts.push(text); }
      });
    }).observe(document, { childList: true, subtree: true, characterData: true });
  })();
`

/** The texts of the toasts shown so far, each once (every page of Taro's stack draws the store's toast). */
export async function toasts(page: Page): Promise<string[]> {
  return [...new Set(await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []))]
}

export async function clearToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __toasts?: string[] }
    if (w.__toasts) w.__toasts.length = 0
  })
}

/** Waits until a toast with `text` has been shown on the page. */
export async function toastShown(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => ((window as unknown as { __toasts?: string[] }).__toasts ?? []).includes(t), text, {
    timeout: 20_000,
  })
}

export async function titleShows(page: Page, title: string) {
  await sees(page, { selector: '.page__title', text: title }, 30_000)
}

/** The id of the user the app has stored (Taro's H5 storage keeps { data: <text> } around the store), or null. */
export async function storedUserId(page: Page): Promise<number | null> {
  const raw = await page.evaluate(() => localStorage.getItem('activity_mobile_userInfo'))
  try {
    const outer = JSON.parse(raw ?? 'null') as { data?: unknown } | null
    const state = (typeof outer?.data === 'string' ? JSON.parse(outer.data) : outer?.data) as { state?: { user?: { id?: number } | null } }
    return state?.state?.user?.id ?? null
  } catch {
    return null
  }
}
