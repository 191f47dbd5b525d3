import { IS_WECHAT_H5 } from '../platform'
import { STAFF_OAUTH_STATE, startWechatOAuth } from '../session/wechat-oauth'

/**
 * H5: in WeChat, an operator with no staff session first goes through WeChat's silent OAuth (once
 * per browser session, apart from the person's round trip) back to the same page, whose code the
 * launch exchanges (wechat-code.ts): a 公众号 open id an operator bound signs them in without
 * 教职工登录, an unbound one is bound by the password sign-in that follows. Returns whether it took
 * the operator somewhere.
 */
export function staffLoginRedirect(from: string): boolean {
  return IS_WECHAT_H5 && startWechatOAuth(from, window.location, STAFF_OAUTH_STATE)
}
