/** 内容 (`/api/cms/web/siteContent`): the agreement, the privacy policy and other pages partners read. */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { del, get, post, put } from './client'

/** Keys the partner app opens by name (/pages/user/agreement, /pages/user/privacy): never renamed or removed. */
export const PROTECTED_KEYS: Record<string, string> = { agreement: '/pages/user/agreement', privacy: '/pages/user/privacy' }

/** A list row: the body's start as text (`summary`) instead of the body. */
export type SiteContentItem = ApiItem<'/api/cms/web/siteContent/list', 'get'>

/** One page with its sanitised HTML `body`. */
export type SiteContent = ApiData<'/api/cms/web/siteContent/details', 'get'>

export type SiteContentInput = ApiBody<'/api/cms/web/siteContent', 'post'>

const base = '/api/cms/web/siteContent'

export const siteContentsApi = {
  list: (query: ApiQueryText<'/api/cms/web/siteContent/list', 'get'>) => get<Page<SiteContentItem>>(`${base}/list`, query),
  details: (id: number) => get<SiteContent>(`${base}/details`, { id }),
  create: (input: SiteContentInput) => post<SiteContent>(base, input, { quiet: true }),
  update: (input: SiteContentInput & { id: number }) => put<SiteContent>(base, input, { quiet: true }),
  remove: (id: number) => del<null>(base, { id }),
}
