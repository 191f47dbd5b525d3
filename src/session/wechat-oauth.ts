import { develop } from '../api/bms/develop'
import { user as userCalls } from '../api/ums/user'
import { storageKey } from '../store/storage'
import { logger } from '../utils/logger'
import { LoginPlatform, LoginType, PublicConfigKey } from '@activity/wire'
import { acceptSignIn } from './flows'
import type { UserInfo } from './types'

/**
 * WeChat H5 login (SPEC.md section 4): WeChat's OAuth (silent `snsapi_base`) sends the person
 * back with `code` and `state` in the query; the code is taken out of the address at once and
 * exchanged with signIn (platform weixin, type 公众号). H5 only: the mini-program builds never
 * import this module.
 */
export const OAUTH_STATE = 'wechat_oauth'
/** The 教职工's round trip (login-redirect.ts, audience staff): its code signs in the operator, not the person. */
export const STAFF_OAUTH_STATE = 'staff_oauth'
// Each round trip is tried once per browser session, apart from the other.
const triedKey = (state: string) => storageKey(state === OAUTH_STATE ? 'oauth_tried' : `${state}_tried`)

let serverAppId = ''

/**
 * The official account's AppID OAuth needs: the build's (TARO_APP_WX_APP_ID), else the
 * back-office's (WECHAT_MP_APP_ID, read at launch by loadOfficialAppId). Empty: WeChat H5 has no
 * OAuth, and a signed-out person signs in on the login page as in any browser.
 */
export function officialAppId(): string {
  return WX_APP_ID || serverAppId
}

/** Reads the back-office's AppID when the build has none (at launch, before the guard runs). */
export async function loadOfficialAppId(): Promise<void> {
  if (WX_APP_ID) return
  try {
    const { data } = await develop.config.getByKey({ key: PublicConfigKey.wechatOfficialAppId })
    serverAppId = data.value[0] ?? ''
  } catch (err) {
    logger.warn('official account AppID not read; no WeChat OAuth', err)
    serverAppId = ''
  }
}

export function wechatAuthorizeUrl(appId: string, redirectUri: string, state: string = OAUTH_STATE): string {
  return (
    'https://open.weixin.qq.com/connect/oauth2/authorize' +
    `?appid=${encodeURIComponent(appId)}` +
    `&redirect_uri=${encodeURIComponent(redirectUri)}` +
    `&response_type=code&scope=snsapi_base&state=${encodeURIComponent(state)}#wechat_redirect`
  )
}

/**
 * WeChat cannot send a code back to a local development host, so there the wxCode page (SPEC.md
 * section 2) stands in for WeChat's authorize page, with the same redirect_uri and state.
 */
export function isLocalDevHost(hostname: string): boolean {
  return /^(localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+)$/.test(hostname)
}

export function authorizeUrlFor(
  redirectUri: string,
  hostname: string,
  appId: string = officialAppId(),
  state: string = OAUTH_STATE,
): string {
  if (isLocalDevHost(hostname)) {
    return `/pages/main/wxCode?redirect_uri=${encodeURIComponent(redirectUri)}&state=${encodeURIComponent(state)}`
  }
  return wechatAuthorizeUrl(appId, redirectUri, state)
}

/**
 * Takes an OAuth `code` out of the address: returns it with its `state`, and rewrites the address
 * without them (history.replaceState), so a reload or a share never replays a spent code.
 */
export function takeOAuthCode(loc: Location = window.location, hist: History = window.history): { code: string; state: string } | null {
  const url = new URL(loc.href)
  const code = url.searchParams.get('code')
  if (!code) return null
  const state = url.searchParams.get('state') ?? ''
  url.searchParams.delete('code')
  url.searchParams.delete('state')
  hist.replaceState(hist.state, '', `${url.pathname}${url.search}${url.hash}`)
  return { code, state }
}

/** Exchanges a WeChat OAuth code for a login; null when the open id signs no one in. */
export function exchangeWechatCode(code: string): Promise<UserInfo | null> {
  return acceptSignIn(
    userCalls.user.signIn({ platform: LoginPlatform.weixin, signCode: code, type: LoginType.officialAccount }, { lock: true }),
    'wechatOAuth',
  )
}

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** Whether OAuth was already tried in this browser session (so a code that signs no one in cannot loop). */
export function oauthTried(state: string = OAUTH_STATE): boolean {
  return storage()?.getItem(triedKey(state)) === '1'
}

/**
 * Sends the person (`state` STAFF_OAUTH_STATE: the operator) to WeChat's authorize page, to come
 * back to `returnPath` (a page address of ours) with a code. Only once per browser session, and
 * never without an AppID (it could not come back); returns whether it went.
 */
export function startWechatOAuth(returnPath: string, loc: Location = window.location, state: string = OAUTH_STATE): boolean {
  if (!officialAppId() || oauthTried(state)) return false
  storage()?.setItem(triedKey(state), '1')
  loc.replace(authorizeUrlFor(`${loc.origin}${returnPath}`, loc.hostname, undefined, state))
  return true
}
