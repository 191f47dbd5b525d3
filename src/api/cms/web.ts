import { defineFamily } from '../define'

/** /api/cms/web: the content sites (banners, contents, menus, messages, jobs, page types). */
export const web = defineFamily('/api/cms/web', {
  coworker: {},
  jobPosition: {},
  pageType: {},
  siteBanner: { actions: { listForClient: true } },
  siteContent: { actions: { listForClient: true, detailsForClient: true } },
  siteMenu: {},
  siteMessage: {},
})
