/**
 * The activity area's addresses. `ref` (the partner's share code) rides along on every one of
 * them, into the detail page and into shares, so a prospect's details reach that partner.
 */
export const MAIN_PATH = 'pages/activity/main'
export const DETAIL_PATH = 'pages/activity/detail'

/** A share code as the back-office issues them; anything else is ignored rather than sent. */
export function refOf(value: string | undefined): string | null {
  const v = (value ?? '').trim()
  return /^[A-Za-z0-9_-]{1,16}$/.test(v) ? v : null
}

function query(pairs: Record<string, string | number | null | undefined>): string {
  const qs = Object.entries(pairs)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
  return qs
}

/** `/pages/activity/main?ref=…` */
export function mainUrl(ref: string | null): string {
  const qs = query({ ref })
  return qs ? `/${MAIN_PATH}?${qs}` : `/${MAIN_PATH}`
}

/** `id=3&ref=DEMO01`: a share-to-timeline query. */
export function detailQuery(id: number, ref: string | null): string {
  return query({ id, ref })
}

/** `/pages/activity/detail?id=3&ref=DEMO01` */
export function detailUrl(id: number, ref: string | null): string {
  return `/${DETAIL_PATH}?${detailQuery(id, ref)}`
}

/** A picture hosts accept for a share card (http(s) only: not a data: URI or a relative path). */
export function shareImage(url: string | null | undefined): string | undefined {
  return url && /^https?:\/\//i.test(url) ? url : undefined
}
