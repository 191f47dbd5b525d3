import type { AppPlatform, PublicConfigKey } from '@activity/wire'
import { call, defineFamily } from '../define'

/** /api/bms/develop: app versions, callbacks, configuration, data repair, feedback, requirements. */

/** The newest released app version of one platform (appVersion/latest). */
export interface AppVersion {
  /** 1.4.2 */
  version: string
  buildNumber: number
  /** http(s) URL of the package or the store page. */
  downloadUrl: string
  releaseNotes: string
  forceUpdate: boolean
  /** ISO time. */
  releasedAt: string
}

/** A public configuration value: host patterns for the web-view and the wxCode redirect. */
export interface PublicConfig {
  key: PublicConfigKey
  /** Exact hosts or `*.domain`; check URLs with isAllowedUrl (src/wire/allow-list.ts). */
  value: string[]
}

export const develop = defineFamily('/api/bms/develop', {
  appVersion: { actions: { latest: call<{ platform: AppPlatform }, AppVersion | null>('GET') } },
  callback: { actions: { getBlackPhone: 'GET', setBlackPhone: true, handle: 'POST' } },
  config: { actions: { getByKey: call<{ key: PublicConfigKey }, PublicConfig>('GET'), refreshCache: 'PUT', restore: 'PUT' } },
  dataRepair: {},
  dynamicCode: { actions: { testEval: 'POST' } },
  feedback: { actions: { saveForClient: true } },
  requirement: {},
  requirementConfig: {},
})
