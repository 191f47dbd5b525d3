/**
 * A module (or anything) loaded when first asked for, once: every ask while it loads shares the same
 * promise, the answer is kept for the asks after, and a failure is not kept, so the next ask tries
 * again (the network came back, or the console was reloaded on its new version).
 */
export interface LoadOnce<T> {
  /** The answer, loading it if no load is under way. */
  get: () => Promise<T>
  /** The answer, once a load has given it. */
  loaded: () => T | undefined
}

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let answer: { value: T } | undefined
  let pending: Promise<T> | undefined
  return {
    get: () => {
      if (answer) return Promise.resolve(answer.value)
      pending ??= load().then(
        (value) => {
          answer = { value }
          return value
        },
        (error: unknown) => {
          pending = undefined
          throw error
        },
      )
      return pending
    },
    loaded: () => answer?.value,
  }
}
