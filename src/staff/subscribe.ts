import { approval } from '../api/zms/approval'
import { provideSubscribeCalls } from '../wechat/subscribe'
import { asStaff } from './session'

/**
 * 审批提醒 for the staff pages: the operator's template ids and acceptances, in the operator session
 * (theirs, not the person's signed in beside them). Brought here, by the staff pages, so the main
 * package carries none of the approval calls.
 */
provideSubscribeCalls('staff', {
  templates: () => approval.subscription.subscribeTemplates(undefined, asStaff({ lock: true })),
  subscribe: (templateIds: string) => approval.subscription.subscribe({ templateIds }, asStaff({ lock: true })),
})

export { askSubscribe, CAN_SUBSCRIBE, prefetchSubscribeTemplates } from '../wechat/subscribe'
