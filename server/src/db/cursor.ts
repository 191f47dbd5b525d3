/**
 * Keyset paging (issue 14): a list ordered by (created_at, id) hands out the position of its last
 * row as an opaque cursor, and the next page reads the rows after that position from the same
 * index, with no OFFSET to walk through. The time keeps PostgreSQL's microseconds as PostgreSQL
 * wrote them (a JS Date keeps milliseconds only: rows created within one millisecond would be
 * skipped or shown twice).
 */
export interface Cursor {
  /** created_at as PostgreSQL's JSON gives it (`2026-01-02T03:04:05.123456+00:00`). */
  at: string
  id: number
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url')
}

/** The cursor a client sent back, or null when it is not one this server made. */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,96}$/.test(text)) return null
  const [at, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|')
  if (rest.length > 0 || !at || !id || !AT.test(at) || !/^[1-9]\d{0,9}$/.test(id)) return null
  const n = Number(id)
  if (n > 2_147_483_647 || Number.isNaN(Date.parse(at))) return null
  return { at, id: n }
}
