import type { ApiData, ApiQuery } from '@activity/api-types'
import { call, defineFamily } from '../define'

/** /api/bms/develop: app versions, callbacks, configuration, data repair, feedback, requirements. */

/** The newest released app version of one platform (appVersion/latest). */
/** The latest released build of a platform (null: none); `releasedAt` ISO time. */
export type AppVersion = NonNullable<ApiData<'/api/bms/develop/appVersion/latest', 'get'>>

/** A public configuration value: host patterns (exact hosts or `*.domain`) for the web-view and the wxCode redirect; check URLs with isAllowedUrl. */
export type PublicConfig = ApiData<'/api/bms/develop/config/getByKey', 'get'>

export const develop = defineFamily('/api/bms/develop', {
  appVersion: {
    actions: {
      latest: call<ApiQuery<'/api/bms/develop/appVersion/latest', 'get'>, ApiData<'/api/bms/develop/appVersion/latest', 'get'>>('GET'),
    },
  },
  callback: { actions: { getBlackPhone: 'GET', setBlackPhone: true, handle: 'POST' } },
  config: {
    actions: {
      getByKey: call<ApiQuery<'/api/bms/develop/config/getByKey', 'get'>, PublicConfig>('GET'),
      refreshCache: 'PUT',
      restore: 'PUT',
    },
  },
  dataRepair: {},
  dynamicCode: { actions: { testEval: 'POST' } },
  feedback: { actions: { saveForClient: true } },
  requirement: {},
  requirementConfig: {},
})
