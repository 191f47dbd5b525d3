/** H5: see browser.ts. */
export function leaveTo(url: string): boolean {
  window.location.replace(url)
  return true
}

export function ownAddress(pathAndQuery: string): string {
  return `${window.location.origin}${pathAndQuery}`
}

function store(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

export function sessionFlag(key: string, maxAgeMs: number): boolean {
  const at = Number(store()?.getItem(key) ?? '')
  return at > 0 && Date.now() - at < maxAgeMs
}

export function setSessionFlag(key: string, on: boolean): void {
  if (on) store()?.setItem(key, String(Date.now()))
  else store()?.removeItem(key)
}
