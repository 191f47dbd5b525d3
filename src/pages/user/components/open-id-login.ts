import { IS_WECHAT_H5 } from '../../../platform'
import { isSignedIn, launchSettled } from '../../../session'
import { oauthTried, officialAppId, startWechatOAuth } from '../../../session/wechat-oauth'
import { useStore } from '../../../store'

/**
 * The open-id sign-in of the WeChat login page, H5 build (mini-programs: the .weapp/.alipay
 * files beside this one). Inside WeChat the launch has already exchanged any OAuth `code` in
 * the address; when that signed no one in and OAuth has not been tried in this browser session,
 * the person goes to WeChat's silent authorization and comes back to this page with a code.
 * Outside WeChat there is no open id to sign in with.
 */
export type OpenIdOutcome = 'signedIn' | 'unbound' | 'redirected' | 'unsupported'

/** Whether this client can sign in by open id at all. */
export const OPEN_ID_SUPPORTED = IS_WECHAT_H5

/** Whether the login page offers the open-id shortcut now: inside WeChat only when OAuth can run (an AppID). */
export function openIdAvailable(): boolean {
  return IS_WECHAT_H5 && officialAppId() !== ''
}

/** Whose open id it is, for the page's texts. */
export const PROVIDER_NAME = '微信'

/** Signs in by open id; `returnPath` is this page's address (OAuth comes back to it). */
export async function openIdSignIn(returnPath: string): Promise<OpenIdOutcome> {
  if (!IS_WECHAT_H5) return 'unsupported'
  await launchSettled()
  if (isSignedIn(useStore.getState())) return 'signedIn'
  if (!oauthTried() && startWechatOAuth(returnPath)) return 'redirected'
  return 'unbound'
}
