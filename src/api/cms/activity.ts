import { defineFamily } from '../define'

/**
 * /api/cms/activity: the activities people see (activity home and detail pages), the clue form
 * of a campaign, enrolment, lottery awards, double-eleven.
 */
export const activity = defineFamily('/api/cms/activity', {
  activity: { actions: { listForClient: true, detailsForClient: true } },
  clueCollection: { actions: { saveForClient: true } },
  enrol: { actions: { saveForClient: true } },
  lotteryAward: { actions: { draw: 'POST', listForClient: true } },
  doubleEleven: {},
})
