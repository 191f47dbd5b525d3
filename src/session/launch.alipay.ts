import { logger } from '../utils/logger'
import { startServerClock } from './clock'
import { autoLoginMini } from './mini-login'

/** Alipay mini-program launch: server clock, automatic open-id login (see launch.ts). */
export async function launchSession(): Promise<void> {
  startServerClock().catch((err: unknown) => logger.warn('server clock not started', err))
  await autoLoginMini().catch((err: unknown) => logger.warn('automatic login did not run', err))
}
