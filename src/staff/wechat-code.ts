import { LoginPlatform, LoginType } from '@activity/wire'
import { signInStaffByCode, type StaffMe } from './session'

/**
 * WeChat H5: the code of the 教职工's OAuth round trip (state STAFF_OAUTH_STATE, see
 * session/login-redirect.ts) exchanged with signInByOpenId (platform weixin, type 公众号) in the staff
 * session, never with the person's signIn. Loaded by src/session/launch.ts only when such a code
 * arrives, so nothing of staff enters the first bundle; the mini-program builds never import it.
 */
export function exchangeStaffCode(code: string): Promise<StaffMe | null> {
  return signInStaffByCode({ platform: LoginPlatform.weixin, type: LoginType.officialAccount, code })
}
