import { storageKey, taroStorage } from '../store/storage'
import type { CookieCarrier, SessionCookie } from './types'

/**
 * The mini-program cookie jar. Mini-program hosts keep no cookies, so the session cookie the
 * server sets (HttpOnly `Set-Cookie`) is kept in local storage and sent back as a `Cookie`
 * header on every call. Only name and value are kept: the server decides expiry by answering
 * 100000004, and a `Max-Age=0` or past `Expires` removes the cookie. Cookies are kept by name, so
 * the person's `sid` and the operator's `asid` travel side by side, and a sign-out forgets its own.
 */
export const COOKIE_STORAGE_KEY = storageKey('cookie')

export interface ParsedCookie {
  name: string
  value: string
  /** The server asked to delete it. */
  expired: boolean
}

/**
 * Hosts hand several `Set-Cookie` headers over either as an array or joined by commas; a comma
 * starts a new cookie only when a `name=` follows (an `Expires` date has a comma too).
 */
export function splitSetCookie(header: string | string[] | undefined | null): string[] {
  if (!header) return []
  const list = Array.isArray(header) ? header : [header]
  return list
    .flatMap((h) => h.split(/,(?=\s*[^;,=\s]+=)/))
    .map((s) => s.trim())
    .filter(Boolean)
}

export function parseSetCookie(line: string, now = Date.now()): ParsedCookie | null {
  const [pair = '', ...attributes] = line.split(';')
  const eq = pair.indexOf('=')
  if (eq <= 0) return null
  const name = pair.slice(0, eq).trim()
  const value = pair.slice(eq + 1).trim()
  let expired = false
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=')
    const key = rawKey.trim().toLowerCase()
    const attrValue = rest.join('=').trim()
    if (key === 'max-age' && Number(attrValue) <= 0) expired = true
    if (key === 'expires') {
      const at = Date.parse(attrValue)
      if (!Number.isNaN(at) && at <= now) expired = true
    }
  }
  return { name, value, expired }
}

function readJar(): Record<string, string> {
  const raw = taroStorage.get(COOKIE_STORAGE_KEY)
  if (!raw) return {}
  try {
    const jar: unknown = JSON.parse(raw)
    return jar && typeof jar === 'object' ? (jar as Record<string, string>) : {}
  } catch {
    return {}
  }
}

function writeJar(jar: Record<string, string>): void {
  if (Object.keys(jar).length) taroStorage.set(COOKIE_STORAGE_KEY, JSON.stringify(jar))
  else taroStorage.remove(COOKIE_STORAGE_KEY)
}

function headerValue(header: Record<string, unknown> | undefined, name: string): string | string[] | undefined {
  if (!header) return undefined
  const key = Object.keys(header).find((k) => k.toLowerCase() === name)
  const value = key === undefined ? undefined : header[key]
  return typeof value === 'string' || Array.isArray(value) ? (value as string | string[]) : undefined
}

export const sessionCookie: SessionCookie = {
  credentials: undefined,
  withCredentials: false,
  headers(): Record<string, string> {
    const jar = readJar()
    const cookie = Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ')
    return cookie ? { Cookie: cookie } : {}
  },
  remember(res: CookieCarrier) {
    const fromHeader = splitSetCookie(headerValue(res.header, 'set-cookie'))
    const lines = fromHeader.length
      ? fromHeader
      : Array.isArray(res.cookies)
        ? res.cookies.filter((c): c is string => typeof c === 'string')
        : []
    if (!lines.length) return
    const jar = readJar()
    for (const line of lines) {
      const cookie = parseSetCookie(line)
      if (!cookie) continue
      if (cookie.expired) delete jar[cookie.name]
      else jar[cookie.name] = cookie.value
    }
    writeJar(jar)
  },
  clear(name?: string) {
    if (name === undefined) return taroStorage.remove(COOKIE_STORAGE_KEY)
    const jar = readJar()
    if (!(name in jar)) return
    delete jar[name]
    writeJar(jar)
  },
}
