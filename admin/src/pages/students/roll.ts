/**
 * The roll's batch and the form values around it, as pure functions (tested in roll.test.ts):
 * 2026年1期 on screen, batchYear 2026 and batch 1 on the wire.
 */
import { BATCH_MAX, BATCH_YEAR_MAX, BATCH_YEAR_MIN } from '@activity/wire'

/** 2026年1期; just the year or the batch when the other is missing, '' when both are. */
export function batchLabel(batchYear: number | string | null | undefined, batch: number | string | null | undefined): string {
  const year = batchYear === null || batchYear === undefined || batchYear === '' ? '' : `${batchYear}年`
  const period = batch === null || batch === undefined || batch === '' ? '' : `${batch}期`
  return `${year}${period}`
}

/** The batch years a roll may have, newest first, as select options. */
export const BATCH_YEAR_OPTIONS = Array.from({ length: BATCH_YEAR_MAX - BATCH_YEAR_MIN + 1 }, (_, i) => {
  const year = BATCH_YEAR_MAX - i
  return { value: year, label: `${year}年` }
})

/** 1期-20期 as select options (value 1-20). */
export const BATCH_OPTIONS = Array.from({ length: BATCH_MAX }, (_, i) => ({ value: i + 1, label: `${i + 1}期` }))

/**
 * A form's values as the body the server takes: text trimmed, empty optional fields left out (an
 * edit sends them empty, so a cleared field is cleared on the server too).
 */
export function compactInput<T extends Record<string, unknown>>(
  values: T,
  { keepEmpty = false }: { keepEmpty?: boolean } = {},
): Partial<T> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) {
    const v = typeof value === 'string' ? value.trim() : value
    if (v === undefined || v === null || v === '') {
      if (keepEmpty) out[key] = ''
      continue
    }
    out[key] = v
  }
  return out as Partial<T>
}
