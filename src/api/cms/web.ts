import type { ApiData } from '@activity/api-types'
import { call, defineFamily } from '../define'

/** /api/cms/web: the content sites (banners, contents, menus, messages, jobs, page types). */

/** Keys of the site contents the client pages depend on: 用户协议 and 隐私政策. */
export type SiteContentKey = 'agreement' | 'privacy'

/** One site content by its id, or by its stable key (exactly one of the two). */
export type SiteContentQuery = { id: number; key?: never } | { key: SiteContentKey | string; id?: never }

/** A site content as the client reads it; `body` is HTML the back-office sanitised on save. */
export type SiteContent = ApiData<'/api/cms/web/siteContent/detailsForClient', 'get'>

export const web = defineFamily('/api/cms/web', {
  coworker: {},
  jobPosition: {},
  pageType: {},
  siteBanner: { actions: { listForClient: true } },
  siteContent: { actions: { listForClient: true, detailsForClient: call<SiteContentQuery, SiteContent>('GET') } },
  siteMenu: {},
  siteMessage: {},
})
