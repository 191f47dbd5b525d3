import { isSignedIn, launchSettled } from '../../../session'
import { autoLoginMini } from '../../../session/mini-login'
import { useStore } from '../../../store'

/**
 * The open-id sign-in of the WeChat login page, Alipay mini-program build (see open-id-login.ts):
 * the session module's mini-program login (checkOpenId, then my.getAuthCode and signIn, type 小程序).
 * An open id bound to no one is remembered by the back-office; the phone sign-in binds it.
 */
export type OpenIdOutcome = 'signedIn' | 'unbound' | 'redirected' | 'unsupported'

export const OPEN_ID_SUPPORTED = true

/** The mini-program's own login is always there. */
export function openIdAvailable(): boolean {
  return true
}

export const PROVIDER_NAME = '支付宝'

export async function openIdSignIn(_returnPath: string): Promise<OpenIdOutcome> {
  await launchSettled()
  if (isSignedIn(useStore.getState())) return 'signedIn'
  return (await autoLoginMini()) ? 'signedIn' : 'unbound'
}
