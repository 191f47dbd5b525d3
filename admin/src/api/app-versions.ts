/** APP 版本 (`/api/bms/develop/appVersion`): builds per platform; the latest released one is what the apps are offered. */
import type { ApiBody, ApiData, ApiQueryText } from '@activity/api-types'
import type { AppPlatform, Page } from '@activity/wire'
import { del, get, post, put } from './client'

export type AppVersion = ApiData<'/api/bms/develop/appVersion/details', 'get'>

/** `forceUpdate` 是 | 否; `releasedAt` `YYYY-MM-DD HH:mm:ss` (Asia/Shanghai), a future time schedules the release, empty = now. */
export type AppVersionInput = ApiBody<'/api/bms/develop/appVersion', 'post'>

const base = '/api/bms/develop/appVersion'

export const appVersionsApi = {
  list: (query: ApiQueryText<'/api/bms/develop/appVersion/list', 'get'>) => get<Page<AppVersion>>(`${base}/list`, query),
  /** The public answer the apps get: the latest released build of a platform, or null. */
  latest: (platform: AppPlatform) => get<ApiData<'/api/bms/develop/appVersion/latest', 'get'>>(`${base}/latest`, { platform }),
  create: (input: AppVersionInput) => post<AppVersion>(base, input, { quiet: true }),
  update: (input: AppVersionInput & { id: number }) => put<AppVersion>(base, input, { quiet: true }),
  remove: (id: number) => del<null>(base, { id }),
}
