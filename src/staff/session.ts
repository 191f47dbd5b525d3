import { useEffect, useState } from 'react'
import Taro from '@tarojs/taro'
import { system } from '../api/bms/system'
import { IS_MINI_PROGRAM, IS_WECHAT_H5, LOGIN_PLATFORM } from '../platform'
import { MESSAGES, RequestError, type RequestOptions } from '../request'
import { STAFF_HOME_PATH, STAFF_LOGIN_PATH } from '../routes'
import { currentPage, loginUrl, pageAddress, returnAddress } from '../session/guard'
import { launchSettled } from '../session/launch-state'
import { loginRedirect } from '../session/login-redirect'
import { useStore } from '../store'
import { logger } from '../utils/logger'
import { LoginPlatform, LoginType, YesNo } from '@activity/wire'
import { dispatchStaff } from './events'
import type { StaffMe } from './reducer'

/**
 * 教职工 in the app: the operator's session (the `asid` cookie, beside the person's `sid`), loaded
 * once per run (signInfo), signed in silently by a bound open id (mini-programs: at the first
 * ask; WeChat H5: by the OAuth round trip's code at launch), else by account and password on
 * pages/staff/login. Every staff call runs with `asStaff(...)`, so its 100000004 ends the staff
 * session only: a student or partner on the same device stays signed in.
 */
export type { StaffMe } from './reducer'
export { staffHolds } from './reducer'

/** A call's options in the operator session (see RequestOptions.session). */
export function asStaff(options: RequestOptions = {}): RequestOptions {
  return { ...options, session: 'staff' }
}

/** The mini-program's open-id calls: this build's platform (null on H5: no silent sign-in there). */
const MINI_PLATFORM: LoginPlatform | null = IS_MINI_PROGRAM ? LOGIN_PLATFORM : null

/** The open id this client signs the operator in with (退出登录 unbinds it): the mini-program's, WeChat H5's 公众号 one. */
const OWN_OPEN_ID: { platform: LoginPlatform; type: LoginType } | null = MINI_PLATFORM
  ? { platform: MINI_PLATFORM, type: LoginType.miniProgram }
  : IS_WECHAT_H5
    ? { platform: LoginPlatform.weixin, type: LoginType.officialAccount }
    : null

async function loginCode(): Promise<string> {
  let code: string
  try {
    code = (await Taro.login()).code
  } catch (err) {
    throw new RequestError('network', MESSAGES.loginCodeFailed + (err instanceof Error ? `: ${err.message}` : ''))
  }
  if (!code) throw new RequestError('network', MESSAGES.loginCodeFailed)
  return code
}

/**
 * Who is signed in as staff, from the server (signInfo). None (100000004) is recorded by the
 * request layer as the staff session's end; another failure (offline) rejects, nothing known.
 */
export async function loadStaff(): Promise<StaffMe | null> {
  try {
    const res = await system.admin.signInfo(undefined, asStaff({ quiet: true }))
    dispatchStaff({ type: 'staffSignedIn', staff: res.data, via: 'session' })
    return res.data
  } catch (err) {
    if (err instanceof RequestError && (err.kind === 'sessionInvalid' || err.status === 401)) return null
    throw err
  }
}

/**
 * A sign-in code (the mini-program's login code, WeChat H5's OAuth one) exchanged with
 * signInByOpenId: an open id an operator bound signs them in (bound 是); an unbound one signs no
 * one in, and the server keeps it for this client's password sign-in to bind. Quiet.
 */
export async function signInStaffByCode({
  platform,
  type,
  code,
}: {
  platform: LoginPlatform
  type: LoginType
  code: string
}): Promise<StaffMe | null> {
  const res = await system.admin.signInByOpenId({ platform, type, signCode: code }, asStaff({ quiet: true, lock: true }))
  const { bound, ...operator } = res.data
  if (bound !== YesNo.yes || typeof operator.id !== 'number') return null
  const staff = operator as StaffMe
  dispatchStaff({ type: 'staffSignedIn', staff, via: 'openId' })
  return staff
}

/** Mini-programs: the host's login code exchanged (signInStaffByCode). A failure means the form. */
export async function silentStaffSignIn(platform: LoginPlatform | null = MINI_PLATFORM): Promise<StaffMe | null> {
  if (!platform) return null
  try {
    return await signInStaffByCode({ platform, type: LoginType.miniProgram, code: await loginCode() })
  } catch (err) {
    logger.warn('silent staff sign-in did not run', err)
    return null
  }
}

let asking: Promise<StaffMe | null> | null = null

/**
 * The operator of this run: the one known already, else signInfo, else (mini-programs) a silent
 * open-id sign-in; one question at a time however many pages ask. Asks after the launch, whose
 * WeChat H5 code exchange may have signed the operator in. Resolves null when none is signed in
 * (then recorded as known), rejects when the server could not be asked.
 */
export function ensureStaff(): Promise<StaffMe | null> {
  if (asking) return asking
  const { staff, staffKnown } = useStore.getState()
  if (staffKnown) return Promise.resolve(staff)
  asking = (async () => {
    try {
      await launchSettled()
      const known = useStore.getState()
      if (known.staffKnown) return known.staff
      const found = (await loadStaff()) ?? (await silentStaffSignIn())
      if (!found) dispatchStaff({ type: 'staffAbsent' })
      return found
    } finally {
      asking = null
    }
  })()
  return asking
}

/**
 * Sends the operator from the current page to 教职工登录, with the way back; in WeChat H5 first
 * (once per browser session) through WeChat's silent OAuth back to the page (loginRedirect).
 */
export function sendToStaffLogin(): void {
  const { page, query } = currentPage()
  if (page === STAFF_LOGIN_PATH) return
  const from = pageAddress(page, query)
  if (loginRedirect(from, 'staff')) return
  Taro.redirectTo({ url: loginUrl(from, STAFF_LOGIN_PATH) }).catch((err: unknown) =>
    logger.warn('could not open the staff login page', err),
  )
}

export interface StaffGuard {
  /** The signed-in operator; null while asking, and when none is (the page is on its way to login). */
  staff: StaffMe | null
  /** The server could not be asked (offline): show a retry. */
  failed: boolean
  /** Asks again after a failure. */
  retry: () => void
}

/**
 * For the 教职工 pages: the operator, once known; with none (now, or later: the staff session
 * expired), a silent open-id sign-in (mini-programs; WeChat H5: once through OAuth back here),
 * else 教职工登录 with a return address.
 */
export function useRequireStaff(): StaffGuard {
  const staff = useStore((s) => s.staff)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (staff) return
    let active = true
    ensureStaff().then(
      (found) => {
        if (active && !found) sendToStaffLogin()
      },
      () => {
        if (active) setFailed(true)
      },
    )
    return () => {
      active = false
    }
  }, [staff, attempt])
  return {
    staff,
    failed: failed && !staff,
    retry: () => {
      setFailed(false)
      setAttempt((n) => n + 1)
    },
  }
}

/**
 * 教职工登录 by account and password; the server's refusal (wrong password, locked) rejects
 * after it was shown. In a mini-program the device's open id is then bound (a fresh code), so
 * the next launch signs the operator in silently; a failed bind only costs that. (WeChat H5 needs
 * no bind: the server binds the open id its OAuth code left unbound in this session.)
 */
export async function signInStaff(form: { account: string; password: string }): Promise<StaffMe> {
  const res = await system.admin.signIn(form, asStaff({ loadingTitle: '登录中' }))
  dispatchStaff({ type: 'staffSignedIn', staff: res.data, via: 'password' })
  if (MINI_PLATFORM) {
    try {
      const code = await loginCode()
      await system.admin.bindOpenId(
        { platform: MINI_PLATFORM, type: LoginType.miniProgram, signCode: code },
        asStaff({ quiet: true, lock: true }),
      )
    } catch (err) {
      logger.warn('staff open id not bound', err)
    }
  }
  return res.data
}

/**
 * 退出登录: the device's open id unbound (mini-programs, WeChat H5: a shared phone stops signing
 * them in), the server's operator session ended, then the staff session forgotten here, even
 * offline. The person's session (student, partner) is left as it was.
 */
export async function signOutStaff(): Promise<void> {
  try {
    if (OWN_OPEN_ID) await system.admin.unbindOpenId(OWN_OPEN_ID, asStaff({ quiet: true }))
    await system.admin.signOut(undefined, asStaff({ quiet: true }))
  } catch {
    // Signed out here all the same: the operator asked to leave.
  } finally {
    dispatchStaff({ type: 'staffSignedOut' })
  }
}

/** After 教职工登录: back to `from` when it is one of our pages, else the workbench. */
export function goAfterStaffLogin(from?: string | null): Promise<unknown> {
  return Taro.redirectTo({ url: returnAddress(from) ?? `/${STAFF_HOME_PATH}` })
}
