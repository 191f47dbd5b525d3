/** A value a query parameter may be set from; null, undefined and '' drop the parameter. */
export type QueryValue = string | number | boolean | null | undefined

export interface PageRoute {
  /** The page path without leading slash or query, e.g. 'pages/partner/deal'. */
  page: string
  /** The query parameters, decoded, without Taro's own keys. */
  query: Record<string, string>
  /** The encoded query string without '?'; '' when there is none. */
  queryString: string
  /** '/page?query': what the login page's `from` carries. */
  fullPath: string
}

/** Keys Taro adds to a page's params on its own; they are not part of the address. */
export const TARO_PARAM_KEYS: ReadonlySet<string> = new Set(['$taroTimestamp', 'stamp'])

function decode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '))
  } catch (_) {
    return value
  }
}

/** 'a=1&b=x' from { a: 1, b: 'x', c: undefined }, in the object's order. */
export function buildQueryString(query: Record<string, QueryValue>): string {
  return Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
}

/** The route of a page path and a query. */
export function makeRoute(page: string, query: Record<string, QueryValue>): PageRoute {
  const clean: Record<string, string> = {}
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') clean[k] = String(v)
  }
  const queryString = buildQueryString(clean)
  const bare = page.replace(/^\/+/, '')
  return { page: bare, query: clean, queryString, fullPath: `/${bare}${queryString ? `?${queryString}` : ''}` }
}

/**
 * The route of Taro's router object (getCurrentInstance().router or useRouter()): its path may
 * carry a query (H5), its params hold the values still URL-encoded on every platform.
 */
export function toPageRoute(router: { path?: string; params?: Record<string, string | undefined> } | null | undefined): PageRoute {
  const page = (router?.path ?? '').split('?')[0] ?? ''
  const query: Record<string, string> = {}
  for (const [k, v] of Object.entries(router?.params ?? {})) {
    if (!TARO_PARAM_KEYS.has(k) && typeof v === 'string') query[k] = decode(v)
  }
  return makeRoute(page, query)
}
