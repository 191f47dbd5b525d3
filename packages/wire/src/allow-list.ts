/**
 * Host allow-lists for URLs the app opens on someone's word: the web-view page (/pages/main/web)
 * and the OAuth redirect of /pages/main/wxCode. Shared by client and server, pure and without the
 * URL global (mini-program runtimes lack it).
 *
 * A pattern is a host name (`partner.example.com`, matched exactly) or `*.example.com` (any
 * sub-domain, not the apex: list both to allow both). Ports are not part of a pattern.
 */

export interface HttpUrlParts {
  scheme: 'http' | 'https'
  /** Lower-case, without a trailing dot. */
  host: string
  port?: number
}

// Whitespace, control characters and backslashes: browsers strip or rewrite them (`\` becomes `/`
// in http URLs), so the host a naive reading sees is not the host a browser visits.
// eslint-disable-next-line no-control-regex
const REWRITTEN_BY_BROWSERS = /[\u0000-\u0020\u007f-\u00a0\\\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * Reads an absolute http(s) URL's scheme, host and port, or answers undefined for anything a
 * browser might read differently: other schemes, user-info (`https://good.com@evil.com`),
 * percent-encoded or IPv6 hosts, backslashes, whitespace, missing slashes.
 */
export function parseHttpUrl(url: string): HttpUrlParts | undefined {
  if (typeof url !== 'string' || url.length === 0 || url.length > 4096) return undefined
  if (REWRITTEN_BY_BROWSERS.test(url)) return undefined
  const match = /^(https?):\/\/([^/?#]*)(?:[/?#]|$)/i.exec(url)
  if (!match) return undefined
  const authority = match[2] ?? ''
  const hostPort = /^([A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(authority)
  if (!hostPort) return undefined
  let host = (hostPort[1] ?? '').toLowerCase()
  if (host.endsWith('.')) host = host.slice(0, -1)
  if (host === '' || host.length > 253 || !host.split('.').every((label) => LABEL.test(label))) return undefined
  const port = hostPort[2] === undefined ? undefined : Number(hostPort[2])
  if (port !== undefined && (port < 1 || port > 65535)) return undefined
  return { scheme: (match[1] ?? '').toLowerCase() as 'http' | 'https', host, ...(port === undefined ? {} : { port }) }
}

/** Whether `host` (already lower-case) matches one pattern: exact, or `*.domain` for sub-domains. */
export function hostMatches(host: string, pattern: string): boolean {
  const p = pattern.trim().toLowerCase().replace(/\.$/, '')
  if (p.startsWith('*.')) {
    const base = p.slice(2)
    return base !== '' && !base.includes('*') && host.endsWith(`.${base}`)
  }
  return p !== '' && !p.includes('*') && host === p
}

/** Whether `url` is an absolute http(s) URL whose host matches one of `hosts`. */
export function isAllowedUrl({ url, hosts, httpsOnly = false }: { url: string; hosts: readonly string[]; httpsOnly?: boolean }): boolean {
  const parts = parseHttpUrl(url)
  if (!parts) return false
  if (httpsOnly && parts.scheme !== 'https') return false
  return hosts.some((pattern) => hostMatches(parts.host, pattern))
}
