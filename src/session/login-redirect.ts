import { IS_WECHAT_H5 } from '../platform'
import { OAUTH_STATE, STAFF_OAUTH_STATE, startWechatOAuth } from './wechat-oauth'

/** Who is signing in: the person (student, partner) or the operator (教职工, the staff session). */
export type LoginAudience = 'person' | 'staff'

/**
 * H5: in WeChat, a signed-out person first goes through WeChat's silent OAuth (once per browser
 * session, each audience's round trip apart): an open id already bound signs them in without the
 * login page (the operator's by the launch's staff exchange; an unbound one is bound by the
 * password sign-in that follows). Returns whether it took the person somewhere.
 */
export function loginRedirect(from: string, audience: LoginAudience = 'person'): boolean {
  return IS_WECHAT_H5 && startWechatOAuth(from, window.location, audience === 'staff' ? STAFF_OAUTH_STATE : OAUTH_STATE)
}
