/**
 * A night class's check-in QR code carries `<H5 origin>/pages/night/checkIn?c=<class id>&t=<token>`
 * (the server makes it; the console prints it). Whatever scanned it (the weapp's scanner, WeChat's
 * JS-SDK, the phone's camera opening the page), the check-in sends exactly that c and t.
 */
export interface CheckInCode {
  classId: number
  token: string
}

const CHECK_IN_PATH = /(?:^|\/)pages\/night\/checkIn$/
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/

/** c and t from a page's query (the landing page): null when either is missing or malformed. */
export function checkInCodeOf(query: { c?: string; t?: string }): CheckInCode | null {
  const classId = Number(query.c)
  const token = query.t ?? ''
  if (!Number.isInteger(classId) || classId <= 0 || !TOKEN.test(token)) return null
  return { classId, token }
}

/** c and t from a scanned text, when it is a night-class check-in address (any origin); null for anything else. */
export function parseCheckInLink(text: string | null | undefined): CheckInCode | null {
  const raw = (text ?? '').trim()
  if (!raw) return null
  const q = raw.indexOf('?')
  if (q < 0) return null
  const path = raw.slice(0, q).replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
  if (!CHECK_IN_PATH.test(path)) return null
  const params = new URLSearchParams(raw.slice(q + 1).split('#')[0])
  return checkInCodeOf({ c: params.get('c') ?? undefined, t: params.get('t') ?? undefined })
}

/** The sentence a scanned code that is not a check-in code gets. */
export const NOT_A_CHECK_IN_CODE = '这不是夜校签到二维码，请扫描课堂上的签到二维码'
