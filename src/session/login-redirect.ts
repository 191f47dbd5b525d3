import { IS_WECHAT_H5 } from '../platform'
import { startWechatOAuth } from './wechat-oauth'

/**
 * H5: in WeChat, a signed-out person first goes through WeChat's silent OAuth (once per browser
 * session): an open id already bound to a partner signs them in without the login page. Returns
 * whether it took the person somewhere.
 */
export function loginRedirect(from: string): boolean {
  return IS_WECHAT_H5 && startWechatOAuth(from)
}
