import { HOME_PATH, routeOf } from '../../routes'

/**
 * The unified redirect (/pages/jump/index), the one entry address posters, messages and QR codes
 * carry. Its shape:
 *
 *   /pages/jump/index?page=<route path>&<the target's own query...>
 *
 * `page` is a path of src/routes.ts, with or without its leading slash, possibly URL-encoded and
 * possibly with its own `?query` (`page=%2Fpages%2Factivity%2Fdetail%3Fid%3D3`); every other
 * parameter goes to the target as is. Examples:
 *
 *   /pages/jump/index?page=pages/partner/position                 → /pages/partner/position
 *   /pages/jump/index?page=pages/activity/detail&id=3&ref=DEMO01  → /pages/activity/detail?id=3&ref=DEMO01
 *   /pages/jump/index?page=pages/nope                              → home, with 页面不存在
 *
 * No `page` (or `page=/`) is the home page. The jump page itself is not a target (a loop).
 *
 * Two more shapes come from WeChat when the jump page is opened by scanning:
 *
 *   ?scene=r%3DDEMO01%26a%3D3   a poster's mini-program code (小程序码; the back-office's
 *                               miniCodeScene): `r` the partner's code, `a` an activity
 *                               → /pages/activity/detail?id=3&ref=DEMO01 (no `a`: the activity list)
 *   ?q=<encoded link>           a plain QR code of one of our H5 links (扫普通链接二维码打开小程序)
 *                               → that link's page and query, read like `page`
 */
export const JUMP_PATH = 'pages/jump/index'
export const UNKNOWN_PAGE_MESSAGE = '页面不存在'

export type JumpTarget =
  /** A page of ours: go there with the query. */
  | { kind: 'page'; path: string; query: Record<string, string>; url: string }
  /** No page asked for, or the home page. */
  | { kind: 'home'; url: string }
  /** A page that does not exist: home, telling the person. */
  | { kind: 'unknown'; asked: string; url: string }

const HOME_URL = `/${HOME_PATH}`

/** Taro's own parameters (`$taroTimestamp`, `stamp`, the weapp router's `__key_`) are not the page's query. */
function isHostParam(key: string): boolean {
  return key.startsWith('$taro') || key === 'stamp' || key === '__key_'
}

function looksEncoded(value: string): boolean {
  return /%[0-9A-Fa-f]{2}/.test(value)
}

/** Decodes once; a value that is not valid percent-encoding stays as it is. */
function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

function parseQuery(text: string): Record<string, string> {
  const query: Record<string, string> = {}
  for (const pair of text.split('&')) {
    if (!pair) continue
    const cut = pair.indexOf('=')
    const key = decodeOnce(cut < 0 ? pair : pair.slice(0, cut))
    if (key) query[key] = decodeOnce(cut < 0 ? '' : pair.slice(cut + 1).replace(/\+/g, ' '))
  }
  return query
}

export function queryString(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&')
}

/** The activity pages a scene leads to (pages/activity/components/links.ts). */
const ACTIVITY_MAIN = 'pages/activity/main'
const ACTIVITY_DETAIL = 'pages/activity/detail'
/** Scanning adds these; they are not the target's query. */
const SCAN_PARAMS = new Set(['scene', 'q', 'scancode_time'])

/**
 * A mini-program code's scene (`r=<code>&a=<activity id>`, WeChat hands it over URL-encoded) as
 * jump parameters; null when it is not one of ours.
 */
export function sceneParams(raw: string): Record<string, string> | null {
  // WeChat encodes it once; a host may or may not have decoded it already.
  let text = raw
  for (let i = 0; i < 2 && !text.includes('=') && looksEncoded(text); i++) text = decodeOnce(text)
  const scene = parseQuery(text)
  const ref = scene.r ?? ''
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(ref)) return null
  const activity = scene.a ?? ''
  if (/^[1-9]\d{0,9}$/.test(activity)) return { page: ACTIVITY_DETAIL, id: activity, ref }
  return { page: ACTIVITY_MAIN, ref }
}

/**
 * A scanned plain link (`q`, URL-encoded by WeChat) as jump parameters: its path is the page and
 * its query the page's query; a link to the jump page itself is read as that jump. Null when it
 * is not an http(s) link.
 */
export function linkParams(raw: string): Record<string, string> | null {
  const link = looksEncoded(raw) ? decodeOnce(raw) : raw
  const m = /^https?:\/\/[^/?#]+(\/[^?#]*)?(?:\?([^#]*))?/i.exec(link.trim())
  if (!m) return null
  const path = (m[1] ?? '/').replace(/^\/+/, '')
  const query = parseQuery(m[2] ?? '')
  for (const k of SCAN_PARAMS) delete query[k]
  if (path === JUMP_PATH) return query
  return { ...query, page: path }
}

/**
 * The target of a jump, from the jump page's parameters. `valuesDecoded` says whether the host
 * already decoded them (H5 does; mini-programs hand them over as they were in the address).
 */
export function jumpTarget(params: Record<string, string | undefined>, { valuesDecoded }: { valuesDecoded: boolean }): JumpTarget {
  const scanned = params.scene ? sceneParams(params.scene) : params.q ? linkParams(params.q) : null
  if (scanned) return jumpTarget(scanned, { valuesDecoded: true })
  const value = (v: string) => (valuesDecoded || !looksEncoded(v) ? v : decodeOnce(v))
  let page = (params.page ?? '').trim()
  // An encoded page ("pages%2Fpartner%2Fposition") is decoded once, whatever the host did.
  if (looksEncoded(page)) page = decodeOnce(page)
  const cut = page.indexOf('?')
  const pathPart = cut < 0 ? page : page.slice(0, cut)
  const embedded = cut < 0 ? '' : page.slice(cut + 1)
  const path = pathPart.replace(/^\/+/, '').replace(/\/+$/, '')

  const query: Record<string, string> = parseQuery(embedded)
  for (const [k, v] of Object.entries(params)) {
    if (k === 'page' || v === undefined || isHostParam(k) || SCAN_PARAMS.has(k)) continue
    query[k] = value(v)
  }

  if (path === '' || path === HOME_PATH) {
    const qs = queryString(query)
    return { kind: 'home', url: qs ? `${HOME_URL}?${qs}` : HOME_URL }
  }
  const route = routeOf(path)
  if (!route || route.path === JUMP_PATH || route.path !== path) return { kind: 'unknown', asked: path, url: HOME_URL }
  const qs = queryString(query)
  return { kind: 'page', path: route.path, query, url: qs ? `/${route.path}?${qs}` : `/${route.path}` }
}
