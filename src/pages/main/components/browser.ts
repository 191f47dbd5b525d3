/**
 * Leaving the app for another address, and a flag for this browser session: H5 only
 * (browser.h5.ts). Mini-programs have neither; the wxCode page there only explains itself.
 */
export function leaveTo(_url: string): boolean {
  return false
}

/** This page's own absolute address (H5), or '' where there is none. */
export function ownAddress(_pathAndQuery: string): string {
  return ''
}

/** Whether `key` was set in this browser session within `maxAgeMs`. */
export function sessionFlag(_key: string, _maxAgeMs: number): boolean {
  return false
}

export function setSessionFlag(_key: string, _on: boolean): void {}
