import Taro from '@tarojs/taro'
import { useEffect } from 'react'
import { HOME_PATH, LOGIN_PATH, STUDENT_LOGIN_AREAS, STUDENT_LOGIN_PATH, areaOf, routeOf } from '../routes'
import { useStore } from '../store'
import { launchSettled } from './launch-state'
import { isSignedIn } from './reducer'
import { logger } from '../utils/logger'
import { loginRedirect } from './login-redirect'

/**
 * The login guard (SPEC.md section 4): a signed-out person on a page that needs login goes to
 * `/pages/user/login?from=<the encoded page and query>` (a student page: the student login,
 * `/pages/student/login?from=…`; the study pages too), and after signing in comes back to the decoded `from` (home
 * when there is none).
 */

const LOGIN_PAGES = new Set([LOGIN_PATH, 'pages/user/loginWechat', STUDENT_LOGIN_PATH])

/** The login a page sends a signed-out person to: the student's for the student and study pages, else the partner's. */
export function loginPathFor(page: string): string {
  return STUDENT_LOGIN_AREAS.includes(areaOf(page.replace(/^\/+/, ''))) ? STUDENT_LOGIN_PATH : LOGIN_PATH
}

/** A page with its query as one address: `/pages/partner/deal?type=本月`. */
export function pageAddress(page: string, query: Record<string, string | number | undefined | null> = {}): string {
  const path = `/${page.replace(/^\/+/, '')}`
  const pairs = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
  return pairs.length ? `${path}?${pairs.join('&')}` : path
}

/** The login page's address carrying `from` (the partner login unless another is given). */
export function loginUrl(from?: string | null, login: string = LOGIN_PATH): string {
  return from ? `/${login}?from=${encodeURIComponent(from)}` : `/${login}`
}

/**
 * Where to go after login, from the login page's `from`: the decoded page and query when it is
 * one of ours and not a login page, else null. Hosts differ in whether they decode query values
 * (H5 does, mini-programs do not), so an address still in its encoded form is decoded once more.
 */
export function returnAddress(from: string | null | undefined): string | null {
  if (!from) return null
  let address = from
  for (let i = 0; i < 3 && !address.startsWith('/') && address.includes('%'); i += 1) {
    try {
      address = decodeURIComponent(address)
    } catch {
      return null
    }
  }
  if (!address.startsWith('/') || address.startsWith('//')) return null
  const page = address.slice(1).split('?')[0] ?? ''
  if (!page || !routeOf(page) || LOGIN_PAGES.has(page)) return null
  return address
}

/** After a successful login: to the decoded `from`, or home. */
export function goAfterLogin(from?: string | null): Promise<unknown> {
  return Taro.redirectTo({ url: returnAddress(from) ?? `/${HOME_PATH}` })
}

/** The current page and its query, as Taro's router knows them. */
/** Taro hands page params over still percent-encoded (H5 and WeChat alike): decode them once. */
function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value // not percent-encoding after all (a literal "50%")
  }
}

export function currentPage(): { page: string; query: Record<string, string> } {
  const router = Taro.getCurrentInstance().router
  const page = (router?.path ?? '').replace(/^\/+/, '').split('?')[0] || HOME_PATH
  const query: Record<string, string> = {}
  for (const [k, v] of Object.entries(router?.params ?? {})) {
    // Taro adds its own $taroTimestamp (and stamp) to page params; they are not the page's query.
    if (typeof v === 'string' && !k.startsWith('$taro') && k !== 'stamp') query[k] = decodeParam(v)
  }
  return { page, query }
}

/** Sends a signed-out person from the current page to login (or, in WeChat H5, OAuth first). */
export function sendToLogin(): void {
  const { page, query } = currentPage()
  if (LOGIN_PAGES.has(page)) return
  const from = pageAddress(page, query)
  if (loginRedirect(from)) return
  Taro.redirectTo({ url: loginUrl(from, loginPathFor(page)) }).catch((err: unknown) => logger.warn('could not open the login page', err))
}

/**
 * For pages that need login: returns whether a user is signed in, and when none is (now, or
 * later: the session expired), sends the person to login once the launch-time automatic login
 * has had its chance.
 */
export function useRequireLogin(): boolean {
  const signedIn = useStore((s) => isSignedIn(s))
  useEffect(() => {
    if (signedIn) return
    let active = true
    void launchSettled().then(() => {
      if (active && !isSignedIn(useStore.getState())) sendToLogin()
    })
    return () => {
      active = false
    }
  }, [signedIn])
  return signedIn
}
