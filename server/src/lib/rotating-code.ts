import crypto from 'node:crypto'

/**
 * A room screen's rotating code (投屏签到码): 6 digits that change every `periodSeconds`, so a
 * photo of the screen is useless a minute later. Nothing is stored: the code of a window is an
 * HMAC-SHA256, keyed by the app's secret, of the subject (what is checked in to, with its own
 * secret, so changing that secret voids its codes) and the window's number, cut to 6 digits as
 * HOTP (RFC 4226) does. A code is good in its own window and the next one: up to two periods.
 * Night classes and face-to-face sessions both use it.
 */

const CODE = /^\d{6}$/

/** The number of the window `now` falls in. */
export const codeWindow = (now: Date, periodSeconds: number): number => Math.floor(now.getTime() / (periodSeconds * 1000))

export function rotatingCode({ secret, subject, window }: { secret: string; subject: string; window: number }): string {
  const mac = crypto.createHmac('sha256', secret).update(`${subject}:${window}`).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

interface Rotation {
  secret: string
  subject: string
  periodSeconds: number
  now: Date
}

/** What the screen shows now, and when it changes. */
export function screenCode({ secret, subject, periodSeconds, now }: Rotation) {
  const window = codeWindow(now, periodSeconds)
  return { code: rotatingCode({ secret, subject, window }), changesAt: new Date((window + 1) * periodSeconds * 1000) }
}

/** Two texts compared in constant time (a code or token a person sent against the expected one). */
export function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && crypto.timingSafeEqual(a, b)
}

/** Whether `given` is the subject's code of now's window or of the window before. */
export function rotatingCodeMatches({ given, ...rotation }: Rotation & { given: string }): boolean {
  if (!CODE.test(given)) return false
  const window = codeWindow(rotation.now, rotation.periodSeconds)
  const code = (w: number) => rotatingCode({ secret: rotation.secret, subject: rotation.subject, window: w })
  const current = sameText(given, code(window))
  const previous = sameText(given, code(window - 1))
  return current || previous
}
