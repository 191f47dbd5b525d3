import type { Config } from '../../../config.ts'
import { PUBLIC_CONFIG_KEYS, PublicConfigKey } from '../../../wire.ts'
import { createConfigKeyNotFoundError } from './public-config.errors.ts'

/** The value of a public configuration key; any other key does not exist for the client. */
export function publicConfigValue({ config, key }: { config: Config; key: string }): string[] {
  if (!(PUBLIC_CONFIG_KEYS as string[]).includes(key)) throw createConfigKeyNotFoundError()
  if (key === PublicConfigKey.wechatOfficialAppId) return config.login.wechatMpAppId ? [config.login.wechatMpAppId] : []
  return key === PublicConfigKey.webAllowedHosts ? config.allowLists.webHosts : config.allowLists.oauthRedirectHosts
}
