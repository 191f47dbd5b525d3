import { z } from 'zod'
import { Code, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, type Envelope, type Page } from '../wire.ts'

export const OK_MESSAGE = '成功'

export function ok<T>(data: T): Envelope<T> {
  return { code: Code.ok, message: OK_MESSAGE, data }
}

/** The response schema of a call: the envelope around `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data })
}

export const emptyEnvelope = envelope(z.null())

/** A page of a list call (wire `Page<T>`). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() })
}

/** A page of a console list over the whole history: the total counts at most 10 000 rows (db/paging.ts COUNT_CAP). */
export function cappedPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({
    totalCapped: z.boolean().describe('true: more than `total` rows match (show "10000+"); narrow the filter to count them'),
  })
}

export function toPage<T>({ list, total, page, size }: { list: T[]; total: number; page: number; size: number }): Page<T> {
  return { list, total, page, size }
}

/** Paging query fields: `page` 1-based, `size` default 20, at most 100. Values arrive as strings. */
export const pagingQuery = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
}

/** POST/PUT bodies are forms; JSON is accepted too. Declared per route for the OpenAPI document. */
export const FORM_CONSUMES = ['application/x-www-form-urlencoded', 'application/json']

/** Timestamps travel as ISO 8601 strings. */
export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null
}
