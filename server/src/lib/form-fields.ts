/** Date-time and URL form fields with messages naming them (the other shared fields are in fields.ts). */
import { z } from 'zod'

const SHANGHAI_OFFSET = '+08:00'

/**
 * A date-time from a form: ISO 8601 with a zone (`2026-05-01T09:00:00Z`, `...+08:00`), or the
 * SPEC's `yyyy-MM-dd HH:mm:ss` (also without seconds, or a bare date) read as Asia/Shanghai
 * wall-clock time, or epoch milliseconds. Anything else, or an impossible date, is undefined.
 */
export function parseDateTime(value: string): Date | undefined {
  const v = value.trim()
  if (/^\d{13}$/.test(v)) return new Date(Number(v))
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(v)
  if (!m) return undefined
  const [, y, mo, d, h = '00', mi = '00', s = '00', ms = '0', zone] = m
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)
    return undefined
  const offset =
    zone === undefined ? SHANGHAI_OFFSET : zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms.padEnd(3, '0')}${offset}`)
  if (Number.isNaN(date.getTime())) return undefined
  // Reject overflowing days (2026-02-30) by reading the wall-clock date back.
  const wall = new Date(date.getTime() + (offset === 'Z' ? 0 : offsetMinutes(offset) * 60_000))
  if (wall.getUTCDate() !== Number(d) || wall.getUTCMonth() + 1 !== Number(mo)) return undefined
  return date
}

function offsetMinutes(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)))
}

/** A required date-time form field (see parseDateTime) with messages naming it. */
export function dateTimeField({ label }: { label: string }) {
  return z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(40, `${label}格式不正确`)
    .refine((v) => parseDateTime(v) !== undefined, `${label}格式不正确，例如 2026-05-01 09:00:00`)
    .transform((v) => parseDateTime(v)!)
    .describe('yyyy-MM-dd HH:mm:ss (Asia/Shanghai) or ISO 8601')
}

/** An optional date-time: an empty form value means "not given". */
export function optionalDateTimeField({ label }: { label: string }) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), dateTimeField({ label }).optional())
}

/**
 * An image or link URL an operator enters: http(s), or a path the app serves (`/uploads/...`);
 * with `dataImages`, also a base64 image data URI (what the demo data and small covers use).
 * Optional fields treat an empty value as "not given".
 */
export function urlField({ label, max = 2048, dataImages = false }: { label: string; max?: number; dataImages?: boolean }) {
  return z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字符`)
    .refine(
      (v) =>
        /^https?:\/\/[^\s"'<>\\]+$/i.test(v) ||
        (/^\/uploads\/[A-Za-z0-9/_.-]+$/.test(v) && !v.includes('..')) ||
        (dataImages && /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(v)),
      `${label}格式不正确`,
    )
}

export function optionalUrlField(args: { label: string; max?: number; dataImages?: boolean }) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), urlField(args).optional())
}
