/**
 * What a console form hands its `onFinish`: the fields' values without the empty ones. A cleared
 * select or an untouched optional field holds `undefined` or `null`; leaving the key out (rather
 * than sending null) is what the API's optional fields expect, and what the screens were written
 * against (pro-form's `omitNil`).
 */
import dayjs from 'dayjs'

/** The wall-clock text a date-time field holds (the office's time; format.ts turns it into an instant). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss'

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype

/** `values` without its null and undefined entries, at every depth of plain objects and arrays. */
export function omitNil<T>(values: T): T {
  if (Array.isArray(values)) return values.map((v) => omitNil(v)) as T
  if (!isPlainObject(values)) return values
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue
    out[key] = omitNil(value)
  }
  return out as T
}

/** A date-time field's text as the picker wants it (a dayjs), or nothing. */
export function toPicker(text: unknown): dayjs.Dayjs | undefined {
  if (text === null || text === undefined || text === '') return undefined
  const day = dayjs(text as string)
  return day.isValid() ? day : undefined
}

/** The picker's choice as the field holds it: wall-clock text, or nothing when cleared. */
export function fromPicker(day: dayjs.Dayjs | null | undefined): string | undefined {
  return day ? day.format(DATE_TIME_FORMAT) : undefined
}
