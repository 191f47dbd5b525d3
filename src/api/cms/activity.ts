import type { ApiData, ApiItem, ApiQuery } from '@activity/api-types'
import { call, defineFamily } from '../define'

/**
 * /api/cms/activity: the activities people see (activity home and detail pages), the clue form
 * of a campaign, enrolment, lottery awards, double-eleven.
 */

export type ActivityQuery = ApiQuery<'/api/cms/activity/activity/listForClient', 'get'>

/** A published activity as the lists show it (no body); `state` at the time of the answer. */
export type ActivityItem = ApiItem<'/api/cms/activity/activity/listForClient', 'get'>

/** One published activity with its sanitised rich-text body. */
export type ActivityDetail = ApiData<'/api/cms/activity/activity/detailsForClient', 'get'>

export const activity = defineFamily('/api/cms/activity', {
  activity: {
    actions: {
      listForClient: call<ActivityQuery, ApiData<'/api/cms/activity/activity/listForClient', 'get'>>('GET'),
      detailsForClient: call<ApiQuery<'/api/cms/activity/activity/detailsForClient', 'get'>, ActivityDetail>('GET'),
    },
  },
  clueCollection: { actions: { saveForClient: true } },
  enrol: { actions: { saveForClient: true } },
  lotteryAward: { actions: { draw: 'POST', listForClient: true } },
  doubleEleven: {},
})
