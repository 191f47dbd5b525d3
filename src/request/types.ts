/** What a mini-program response carries for the cookie jar: headers and (WeChat) a `cookies` list. */
export interface CookieCarrier {
  header?: Record<string, unknown>
  cookies?: unknown
}

/** How the session cookie travels on this build (cookie.ts, cookie.weapp.ts, cookie.alipay.ts). */
export interface SessionCookie {
  /** Taro.request's credentials mode: 'include' where the host keeps the cookie (H5). */
  credentials: 'include' | undefined
  /** uploadFile / downloadFile: send the host's cookie (H5). */
  withCredentials: boolean
  /** Headers to send: the stored `Cookie`, in mini-programs. */
  headers: () => Record<string, string>
  /** Keeps what a response set. */
  remember: (res: CookieCarrier) => void
  /**
   * Forgets a session's cookie on its sign-out: `name` only (the person's `sid`, the operator's
   * `asid`), so the other session stays; every cookie without a name.
   */
  clear: (name?: string) => void
}

/** The person's (student's, partner's) session cookie, as the back-office names it. */
export const PERSON_COOKIE = 'sid'
/** The operator's (教职工's) session cookie: kept and sent beside the person's. */
export const STAFF_COOKIE = 'asid'
