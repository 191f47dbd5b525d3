/** 活动 (`/api/bms/activity/activity`): 招生老师 and 管理员 write them; partners share the published ones. */
import type { ApiBody, ApiData, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { del, get, post, put } from './client'

/** One activity as operators see it (the list's rows and the details). */
export type Activity = ApiData<'/api/bms/activity/activity/details', 'get'>

/** What the editor sends: `startAt`/`endAt` as `YYYY-MM-DD HH:mm:ss` (Asia/Shanghai); `clueForm` 是 (default) | 否. */
export type ActivityInput = ApiBody<'/api/bms/activity/activity', 'post'>

export type ActivityFilters = ApiQueryText<'/api/bms/activity/activity/list', 'get'>

const base = '/api/bms/activity/activity'

export const activitiesApi = {
  list: (query: ActivityFilters) => get<Page<Activity>>(`${base}/list`, query),
  details: (id: number) => get<Activity>(`${base}/details`, { id }),
  create: (input: ActivityInput) => post<Activity>(base, input, { quiet: true }),
  update: (input: ActivityInput & { id: number }) => put<Activity>(base, input, { quiet: true }),
  publish: (id: number) => put<Activity>(`${base}/publish`, { id }),
  unpublish: (id: number) => put<Activity>(`${base}/unpublish`, { id }),
  remove: (id: number) => del<null>(base, { id }),
}
