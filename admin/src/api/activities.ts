/** 活动 (`/api/bms/activity/activity`): 招生老师 and 管理员 write them; partners share the published ones. */
import type { ActivityState, ActivityStatus, ActivityType, Page } from '@activity/wire'
import { del, get, post, put } from './client'

export interface Activity extends Record<string, unknown> {
  id: number
  title: string
  cover: string | null
  summary: string
  type: ActivityType
  state: ActivityState
  /** A 招生活动 with its clue form on, 进行中: its page shows the form. */
  acceptsClues: boolean
  /** The operator's switch for the clue form (a 招生活动 shows it while 进行中). */
  clueForm: boolean
  startAt: string
  endAt: string
  /** The HTML as the server stored it (sanitised on save). */
  body: string
  status: ActivityStatus
  publishedAt: string | null
  createdAt: string
  updatedAt: string
}

export interface ActivityInput {
  title: string
  cover?: string
  summary?: string
  body: string
  type: ActivityType
  /** 是 (default) | 否 */
  clueForm?: '是' | '否'
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai */
  startAt: string
  endAt: string
}

export interface ActivityFilters {
  keyword?: string
  type?: string
  status?: string
  state?: string
  page?: number
  size?: number
}

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
