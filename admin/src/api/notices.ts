/** 通知公告 (`/api/ems/education/notices`): 管理员 writes, targets and publishes notices to students. */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { del, get, post, put } from './client'

/** A list row: whom it addresses (`targetLabel`), how many students that is now (`audience`), how many read it. */
export type NoticeItem = ApiItem<'/api/ems/education/notices/list', 'get'>

/** One notice with its sanitised HTML content. */
export type Notice = ApiData<'/api/ems/education/notices/details', 'get'>

type TargetKey = keyof ApiQueryText<'/api/ems/education/notices/audience', 'get'>

/** The target fields as a form holds them (a year picked as a number, a field cleared as ''); the server checks them. */
export type NoticeTarget = { [K in TargetKey]?: string | number }

/** What the form sends; a target field left out or empty is no restriction (an update clears it). */
export type NoticeInput = Omit<ApiBody<'/api/ems/education/notices/save', 'post'>, TargetKey> & NoticeTarget

const base = '/api/ems/education/notices'

export const noticesApi = {
  list: (query: ApiQueryText<'/api/ems/education/notices/list', 'get'>) => get<Page<NoticeItem>>(`${base}/list`, query),
  details: (id: number) => get<Notice>(`${base}/details`, { id }),
  /** How many students these target fields reach now. */
  audience: (target: NoticeTarget, signal?: AbortSignal) =>
    get<ApiData<'/api/ems/education/notices/audience', 'get'>>(`${base}/audience`, target, { quiet: true, signal }),
  create: (input: NoticeInput) => post<Notice>(`${base}/save`, input, { quiet: true }),
  update: (input: NoticeInput & { id: number }) => put<Notice>(`${base}/update`, input, { quiet: true }),
  publish: (id: number) => put<NoticeItem>(`${base}/publish`, { id }),
  withdraw: (id: number) => put<NoticeItem>(`${base}/withdraw`, { id }),
  remove: (id: number) => del<null>(`${base}/remove`, { id }),
}
