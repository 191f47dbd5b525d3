/** WeChat mini-program: the cookie jar in local storage (see cookie.ts). */
export { sessionCookie } from './cookie-jar'
