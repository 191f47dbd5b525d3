import crypto from 'node:crypto'
import { NIGHT_CHECK_IN_CODE_SECONDS } from '../../../wire.ts'

/**
 * The room screen's check-in code (投屏签到码): 6 digits that change every
 * NIGHT_CHECK_IN_CODE_SECONDS, so a photo of the screen is useless a minute later. Nothing is
 * stored: the code of a window is an HMAC-SHA256, keyed by the app's secret, of the class id, its
 * check-in secret (更换二维码 changes these codes too) and the window's number, cut to 6 digits as
 * HOTP (RFC 4226) does. A code is good in its own window and the next one: up to a minute.
 */

const PERIOD_MS = NIGHT_CHECK_IN_CODE_SECONDS * 1000
const CODE = /^\d{6}$/

/** The number of the window `now` falls in. */
export const codeWindow = (now: Date): number => Math.floor(now.getTime() / PERIOD_MS)

export function rotatingCode({
  secret,
  classId,
  checkInSecret,
  window,
}: {
  secret: string
  classId: number
  checkInSecret: string
  window: number
}): string {
  const mac = crypto.createHmac('sha256', secret).update(`night-check-in-code:${classId}:${checkInSecret}:${window}`).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

/** What the screen shows now, and when it changes. */
export function screenCode({ secret, classId, checkInSecret, now }: { secret: string; classId: number; checkInSecret: string; now: Date }) {
  const window = codeWindow(now)
  return { code: rotatingCode({ secret, classId, checkInSecret, window }), changesAt: new Date((window + 1) * PERIOD_MS) }
}

/** Two texts compared in constant time (a code or token a student sent against the expected one). */
export function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && crypto.timingSafeEqual(a, b)
}

/** Whether `given` is the class's code of now's window or of the window before. */
export function rotatingCodeMatches({
  secret,
  classId,
  checkInSecret,
  given,
  now,
}: {
  secret: string
  classId: number
  checkInSecret: string
  given: string
  now: Date
}): boolean {
  if (!CODE.test(given)) return false
  const window = codeWindow(now)
  const current = sameText(given, rotatingCode({ secret, classId, checkInSecret, window }))
  const previous = sameText(given, rotatingCode({ secret, classId, checkInSecret, window: window - 1 }))
  return current || previous
}
