import type { ActivityState, ActivityType, Page } from '@activity/wire'
import type { PageQuery } from '../ems/partner'
import { call, defineFamily } from '../define'

/**
 * /api/cms/activity: the activities people see (activity home and detail pages), the clue form
 * of a campaign, enrolment, lottery awards, double-eleven.
 */

export interface ActivityQuery extends PageQuery {
  type?: ActivityType
  state?: ActivityState
}

/** A published activity as the lists show it (no body). */
export interface ActivityItem {
  id: number
  title: string
  /** http(s) URL, an /uploads/... path or a data: image; null for none. */
  cover: string | null
  /** A line for list cards. */
  summary: string
  type: ActivityType
  /** At the time of the answer: start inclusive, end exclusive. */
  state: ActivityState
  /** A 招生活动 that is 进行中: the detail page shows its clue form. */
  acceptsClues: boolean
  /** ISO times. */
  startAt: string
  endAt: string
}

/** One published activity with its sanitised rich-text body. */
export interface ActivityDetail extends ActivityItem {
  /** HTML the back-office sanitised on save. */
  body: string
}

export const activity = defineFamily('/api/cms/activity', {
  activity: {
    actions: {
      listForClient: call<ActivityQuery, Page<ActivityItem>>('GET'),
      detailsForClient: call<{ id: number }, ActivityDetail>('GET'),
    },
  },
  clueCollection: { actions: { saveForClient: true } },
  enrol: { actions: { saveForClient: true } },
  lotteryAward: { actions: { draw: 'POST', listForClient: true } },
  doubleEleven: {},
})
