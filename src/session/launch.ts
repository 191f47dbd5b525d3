import { IS_WECHAT_H5 } from '../platform'
import { logger } from '../utils/logger'
import { initWechatSdk } from '../wechat'
import { startServerClock } from './clock'
import { exchangeWechatCode, loadOfficialAppId, takeOAuthCode } from './wechat-oauth'

const WX_CODE_PATH = 'pages/main/wxCode'

/**
 * What the H5 build does at launch (the mini-program builds: launch.weapp.ts, launch.alipay.ts):
 * start the server clock; inside WeChat, take an OAuth `code` out of the address and exchange it
 * for a login, learn the official account's AppID (none: no OAuth), and set up the JS-SDK
 * (which shows the share menu).
 */
export async function launchSession(): Promise<void> {
  startServerClock().catch((err: unknown) => logger.warn('server clock not started', err))
  if (!IS_WECHAT_H5) return
  // wxCode forwards its OAuth code to another host (the development one): using it here would
  // spend it before the page can pass it on.
  const code = window.location.pathname === `/${WX_CODE_PATH}` ? null : takeOAuthCode()
  void initWechatSdk()
  // The guard waits for the launch: by then it knows whether OAuth can run at all.
  await Promise.all([
    loadOfficialAppId(),
    code ? exchangeWechatCode(code).catch((err: unknown) => logger.warn('WeChat code not exchanged', err)) : null,
  ])
}
