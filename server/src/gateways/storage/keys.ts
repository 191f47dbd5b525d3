import { beijingMonth } from '@activity/domain'
import crypto from 'node:crypto'
import type { ByteRange } from './types.ts'

const KEY_MAX = 512
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/

/**
 * A key the stores accept: slash-separated segments of letters, digits, `.`, `_`, `-`; no empty,
 * `.` or `..` segment, no leading slash, no segment starting with a dot (so it can never leave the
 * storage folder nor reach the local store's metadata).
 */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > KEY_MAX) return false
  return key.split('/').every((segment) => SEGMENT.test(segment))
}

export class InvalidKeyError extends Error {
  override name = 'InvalidKeyError'
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 100))}`)
  }
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidKeyError(key)
}

/**
 * A new upload's key, never one in use: `<prefix><yyyy>/<mm>/<tag><24 random hex>.<ext>` (Beijing
 * months; `tag` names the uploader, e.g. `s12-`, so a module can tell whose a file is).
 */
export function newFileKey({ prefix, tag = '', ext, now = new Date() }: { prefix: string; tag?: string; ext: string; now?: Date }) {
  return `${prefix}${beijingMonth(now).replace('-', '/')}/${tag}${crypto.randomBytes(12).toString('hex')}.${ext}`
}

const TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
}

/** The content type a key's extension names (application/octet-stream when unknown). */
export function contentTypeOf(key: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase() ?? ''
  return TYPES[ext] ?? 'application/octet-stream'
}

/**
 * An HTTP Range header against a file of `size` bytes: one range only (`bytes=a-b`, `bytes=a-`,
 * `bytes=-n`). Answers the range, `'unsatisfiable'` (416), or undefined when the whole file is
 * served (no header, or one this server does not take, such as several ranges: RFC 9110 lets a
 * server ignore it).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!m) return /^\s*bytes\s*=/i.test(header) && !header.includes(',') ? 'unsatisfiable' : undefined
  const [, a, b] = m as unknown as [string, string, string]
  if (a === '' && b === '') return 'unsatisfiable'
  if (a === '') {
    const suffix = Number(b)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(a)
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1)
  if (!Number.isSafeInteger(start) || start >= size || (b !== '' && Number(b) < start)) return 'unsatisfiable'
  return { start, end }
}
