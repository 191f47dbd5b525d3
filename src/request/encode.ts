/**
 * The wire encoding of a payload (SPEC.md section 7): GET and DELETE carry it as a query string,
 * POST and PUT as an `application/x-www-form-urlencoded` body. Both use the same pairs:
 * `undefined` and `null` are left out, arrays repeat their key (`ids=1&ids=2`), booleans and
 * numbers become their text, dates their ISO text, and nested objects their JSON.
 */
export type Payload = Record<string, unknown>

function textOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

export function formPairs(payload: Payload | undefined): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  if (!payload) return pairs
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) pairs.push([key, textOf(item)])
    } else {
      pairs.push([key, textOf(value)])
    }
  }
  return pairs
}

/** `a=1&b=%E6%98%AF`, spaces as %20 (both a query and a form body read it the same). */
export function encodeForm(payload: Payload | undefined): string {
  return formPairs(payload)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&')
}

/** The URL with the payload appended as its query string. */
export function withQuery(url: string, payload: Payload | undefined): string {
  const query = encodeForm(payload)
  if (!query) return url
  return `${url}${url.includes('?') ? '&' : '?'}${query}`
}
