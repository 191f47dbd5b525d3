import type { SessionCookie } from './types'

/**
 * How the session cookie travels. This default file is the H5 build: the browser keeps the
 * HttpOnly cookie and sends it because every call asks for credentials. The mini-program builds
 * (cookie.weapp.ts, cookie.alipay.ts) keep it themselves (cookie-jar.ts).
 */
export const sessionCookie: SessionCookie = {
  credentials: 'include',
  withCredentials: true,
  headers: () => ({}),
  remember: () => {},
  clear: () => {},
}
