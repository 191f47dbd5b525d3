import crypto from 'node:crypto'

/**
 * Signed file addresses: `/files/<key>?e=<expiry, unix seconds>&s=<hmac>`. The server hands one to
 * whoever may open the file now (a student on the course, a trial section, an operator); the file
 * route serves it until it expires, without a session, so a <video> element, the mini-program's
 * Video component and a download all work. Keys under `public/` (covers) need no signature.
 */
export const FILES_PREFIX = '/files/'
export const PUBLIC_KEY_PREFIX = 'public/'
/** How long a signed address works: long enough for a long lecture watched with pauses. */
export const SIGNED_URL_TTL_SECONDS = 6 * 3600

function signature(secret: string, key: string, expires: number): string {
  return crypto.createHmac('sha256', secret).update(`files\n${key}\n${expires}`).digest('base64url')
}

/** The address of a stored file: plain for a public key, signed (valid `ttlSeconds` from `now`) otherwise. */
export function fileUrl({
  secret,
  key,
  now = Date.now(),
  ttlSeconds = SIGNED_URL_TTL_SECONDS,
}: {
  secret: string
  key: string
  now?: number
  ttlSeconds?: number
}): string {
  const path = FILES_PREFIX + key.split('/').map(encodeURIComponent).join('/')
  if (key.startsWith(PUBLIC_KEY_PREFIX)) return path
  // Rounded up to the next minute, so addresses handed out within a minute are equal (browser and CDN caching).
  const expires = Math.ceil((now / 1000 + ttlSeconds) / 60) * 60
  return `${path}?e=${expires}&s=${signature(secret, key, expires)}`
}

/** Whether `e`/`s` open `key` now: public keys always; others with an unexpired, valid signature. */
export function canOpen({
  secret,
  key,
  e,
  s,
  now = Date.now(),
}: {
  secret: string
  key: string
  e: string | undefined
  s: string | undefined
  now?: number
}): boolean {
  if (key.startsWith(PUBLIC_KEY_PREFIX)) return true
  const expires = Number(e)
  if (!s || !Number.isInteger(expires) || expires * 1000 < now) return false
  const expected = Buffer.from(signature(secret, key, expires))
  const given = Buffer.from(s)
  return expected.length === given.length && crypto.timingSafeEqual(expected, given)
}
