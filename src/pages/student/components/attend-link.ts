/**
 * The room screen's check-in QR code carries `<H5 origin>/pages/student/attend?s=<session id>&t=<code>`
 * (the server makes it; the code is 6 digits and changes every half minute). Whatever read it (the
 * app's scanner, WeChat's, the phone's camera opening the page), the punch sends exactly that s and t.
 */
export interface AttendCode {
  sessionId: number
  code: string
}

const ATTEND_PATH = /(?:^|\/)pages\/student\/attend$/
const SESSION_ID = /^[1-9]\d{0,9}$/
const CODE = /^\d{6}$/

/** s and t from a page's query (the landing page): null when either is missing or malformed. */
export function attendCodeOf(query: { s?: string; t?: string }): AttendCode | null {
  const s = query.s ?? ''
  const t = query.t ?? ''
  if (!SESSION_ID.test(s) || !CODE.test(t)) return null
  return { sessionId: Number(s), code: t }
}

/** s and t from a scanned text, when it is a class check-in address (any origin); null for anything else. */
export function parseAttendLink(text: string | null | undefined): AttendCode | null {
  const raw = (text ?? '').trim()
  const q = raw.indexOf('?')
  if (q < 0) return null
  const path = raw.slice(0, q).replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
  if (!ATTEND_PATH.test(path)) return null
  const params = new URLSearchParams(raw.slice(q + 1).split('#')[0])
  return attendCodeOf({ s: params.get('s') ?? undefined, t: params.get('t') ?? undefined })
}

/** The sentence a scanned code (or a landing address) that is not a class check-in code gets. */
export const NOT_AN_ATTEND_CODE = '这不是课堂签到码，请扫描课堂屏幕上的签到二维码'
