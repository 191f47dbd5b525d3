/**
 * The lazy-page placeholder of SPEC.md sections 2, 8 and 9: while a page's chunk loads, a
 * loading placeholder appears after 200 ms; a chunk that fails, or takes over 60 s, shows the
 * error placeholder ('Loading chunk failed' for a failed chunk). Pure logic: the caller supplies
 * the real loader and the view, so it is tested with fake timers.
 */
export const LAZY_DELAY_MS = 200
export const LAZY_TIMEOUT_MS = 60_000
export const CHUNK_FAILED_MESSAGE = 'Loading chunk failed'
export const CHUNK_TIMEOUT_MESSAGE = '页面加载超时，请检查网络后重试'

export type PlaceholderState = { kind: 'hidden' } | { kind: 'loading' } | { kind: 'error'; message: string }

export interface PlaceholderView {
  render(state: PlaceholderState): void
}

export function wrapChunkLoader<A extends unknown[], R>(
  load: (...args: A) => Promise<R>,
  view: PlaceholderView,
  { delay = LAZY_DELAY_MS, timeout = LAZY_TIMEOUT_MS } = {},
): (...args: A) => Promise<R> {
  let pending = 0
  return (...args: A) => {
    pending += 1
    const showTimer = setTimeout(() => view.render({ kind: 'loading' }), delay)
    let timeoutTimer: ReturnType<typeof setTimeout> | undefined
    const timedOut = new Promise<never>((_, reject) => {
      timeoutTimer = setTimeout(() => reject(new Error(CHUNK_TIMEOUT_MESSAGE)), timeout)
    })
    const settle = () => {
      clearTimeout(showTimer)
      clearTimeout(timeoutTimer)
      pending -= 1
    }
    return Promise.race([load(...args), timedOut]).then(
      (value) => {
        settle()
        if (pending === 0) view.render({ kind: 'hidden' })
        return value
      },
      (error: unknown) => {
        settle()
        const message = error instanceof Error && error.message === CHUNK_TIMEOUT_MESSAGE ? CHUNK_TIMEOUT_MESSAGE : CHUNK_FAILED_MESSAGE
        view.render({ kind: 'error', message })
        throw error
      },
    )
  }
}
