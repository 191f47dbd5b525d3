import { logger } from '../utils/logger'
import { enableShareMenu } from '../wechat'
import { startServerClock } from './clock'
import { autoLoginMini } from './mini-login'

/** WeChat mini-program launch: server clock, share menu, automatic open-id login (see launch.ts). */
export async function launchSession(): Promise<void> {
  startServerClock().catch((err: unknown) => logger.warn('server clock not started', err))
  enableShareMenu()
  await autoLoginMini().catch((err: unknown) => logger.warn('automatic login did not run', err))
}
