/** A page's query values. */

/** A positive whole number from a page's query (an id), or null. */
export function idOf(raw: string | undefined): number | null {
  const id = Number(raw)
  return Number.isInteger(id) && id > 0 ? id : null
}
