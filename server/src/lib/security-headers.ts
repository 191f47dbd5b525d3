import crypto from 'node:crypto'

/** On every answer: no MIME sniffing, no framing by other sites, no full URLs leaking in Referer. */
export const BASELINE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // JSON and uploaded files are never documents: nothing in them may run or load (an uploaded SVG
  // opened directly included). HTML answers replace it with their own policy.
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
}

/** The Swagger UI at /docs: its own scripts and styles (it sets inline styles), images as data URIs. */
export const DOCS_CSP =
  "default-src 'self'; base-uri 'self'; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; frame-ancestors 'self'; form-action 'self'"

/** `'sha256-…'` sources for every inline `<script>` (no `src`) of an HTML document, e.g. the H5 app's rem script. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? ''
    if (/\bsrc\s*=/i.test(attributes)) continue
    hashes.push(
      `'sha256-${crypto
        .createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    )
  }
  return hashes
}

/** A CSP host source for an allow-list pattern (`host` or `*.domain`); anything else is dropped. */
function hostSource(pattern: string): string | undefined {
  const p = pattern.trim().toLowerCase()
  return /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?$/.test(p) ? p : undefined
}

/**
 * The H5 app's policy. Scripts: its own files and the inline scripts of its index.html, by hash
 * (the rem script; no 'unsafe-inline' for scripts). Styles need 'unsafe-inline': Taro's components
 * and the app write `style` attributes. Images: posters, covers and avatars come from operator URLs
 * and WeChat, and the poster is drawn to a data/blob URL. Calls: this origin, the other allowed API
 * origins and the maps service. Frames: this origin (the stand-in live room), the web-view page's
 * allow-listed hosts and the live provider's. Calls to blob: URLs: pictures chosen on the phone are
 * read from theirs before an upload.
 */
export function appCsp({
  scriptHashes,
  connectOrigins,
  frameHostPatterns,
}: {
  scriptHashes: string[]
  connectOrigins: string[]
  frameHostPatterns: string[]
}): string {
  const frames = frameHostPatterns.map(hostSource).filter((s): s is string => !!s)
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' data: blob: https:",
    // blob: the pictures a student picks (答疑) are read by Taro's uploadFile from their blob: URL before they are sent.
    `connect-src 'self' ${[...new Set(connectOrigins)].join(' ')} blob:`.replace(/\s+/g, ' '),
    // Its own origin too: the stand-in live room (/live/room) shows in 直播间's frame.
    `frame-src 'self' ${frames.join(' ')}`.trim(),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ')
}
