/** APP 版本 (`/api/bms/develop/appVersion`): builds per platform; the latest released one is what the apps are offered. */
import type { AppPlatform, Page } from '@activity/wire'
import { del, get, post, put } from './client'

export interface AppVersion extends Record<string, unknown> {
  id: number
  platform: AppPlatform
  version: string
  buildNumber: number
  downloadUrl: string
  releaseNotes: string
  forceUpdate: boolean
  /** A future time schedules the release. */
  releasedAt: string
  createdAt: string
  updatedAt: string
}

export interface AppVersionInput {
  platform: AppPlatform
  version: string
  buildNumber: number
  downloadUrl: string
  releaseNotes: string
  forceUpdate: '是' | '否'
  /** `YYYY-MM-DD HH:mm:ss` (Asia/Shanghai); empty = now */
  releasedAt?: string
}

const base = '/api/bms/develop/appVersion'

export const appVersionsApi = {
  list: (query: { platform?: string; page?: number; size?: number }) => get<Page<AppVersion>>(`${base}/list`, query),
  /** The public answer the apps get: the latest released build of a platform, or null. */
  latest: (platform: AppPlatform) => get<AppVersion | null>(`${base}/latest`, { platform }),
  create: (input: AppVersionInput) => post<AppVersion>(base, input, { quiet: true }),
  update: (input: AppVersionInput & { id: number }) => put<AppVersion>(base, input, { quiet: true }),
  remove: (id: number) => del<null>(base, { id }),
}
