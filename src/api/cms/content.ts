import { defineFamily } from '../define'

/** /api/cms/content: site contents (the 内容 page) and publicity, with likes; majors, live courses. */
export const content = defineFamily('/api/cms/content', {
  siteContent: { actions: { detailsForClient: true, like: 'PUT' } },
  siteContentLike: {},
  publicity: { actions: { listForClient: true, like: 'PUT' } },
  publicityLike: {},
  majorListing: {},
  liveCourse: {},
  resourceUrl: {},
})
