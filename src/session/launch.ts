import { IS_WECHAT_H5 } from '../platform'
import { logger } from '../utils/logger'
import { initWechatSdk } from '../wechat'
import { startServerClock } from './clock'
import { STAFF_OAUTH_STATE, exchangeWechatCode, loadOfficialAppId, takeOAuthCode } from './wechat-oauth'

const WX_CODE_PATH = 'pages/main/wxCode'

/**
 * What the H5 build does at launch (the mini-program builds: launch.weapp.ts, launch.alipay.ts):
 * start the server clock; inside WeChat, take an OAuth `code` out of the address and exchange it
 * for a login (the person's; with the staff state, the operator's), learn the official account's
 * AppID (none: no OAuth), and set up the JS-SDK (which shows the share menu).
 */
export async function launchSession(): Promise<void> {
  startServerClock().catch((err: unknown) => logger.warn('server clock not started', err))
  if (!IS_WECHAT_H5) return
  // wxCode forwards its OAuth code to another host (the development one): using it here would
  // spend it before the page can pass it on.
  const taken = window.location.pathname === `/${WX_CODE_PATH}` ? null : takeOAuthCode()
  void initWechatSdk()
  // The guards (the person's, the operator's) wait for the launch: by then it knows whether OAuth
  // can run at all, and the code has signed in whom it could.
  await Promise.all([
    loadOfficialAppId(),
    taken ? exchangeCode(taken).catch((err: unknown) => logger.warn('WeChat code not exchanged', err)) : null,
  ])
}

/**
 * The 教职工's code signs in the operator, in the staff session. That exchange is loaded only
 * then, so nothing of staff enters the first bundle.
 */
function exchangeCode({ code, state }: { code: string; state: string }): Promise<unknown> {
  if (state !== STAFF_OAUTH_STATE) return exchangeWechatCode(code)
  return import('../staff/wechat-code').then(({ exchangeStaffCode }) => exchangeStaffCode(code))
}
