import type { SubscribeTemplate } from '@activity/wire'
import type { SubscribeTemplates } from '../api/ems/partner'

/**
 * Whose templates: the partner's pages ask for the partner's, the student's pages for the student's,
 * the staff pages (教职工, in the operator session) for the approval one (审批提醒).
 */
export type SubscribeAudience = 'partner' | 'student' | 'staff'

/** An audience's two calls: the template ids to ask for, and the ids the person accepted. */
export interface SubscribeCalls {
  templates(): Promise<{ data: SubscribeTemplates }>
  subscribe(templateIds: string): Promise<unknown>
}

/** Whether this build can ask for subscribe messages at all (the weapp's subscribe.weapp.ts says true). */
export const CAN_SUBSCRIBE = false

/**
 * WeChat subscribe messages (订阅消息) are a mini-program feature: on H5 and Alipay there is
 * nothing to ask (the weapp build uses subscribe.weapp.ts).
 */
export function prefetchSubscribeTemplates(_audience?: SubscribeAudience): void {}

/** Asks the person to accept `templates` (weapp only); resolves when the answer went to the server. Never rejects. */
export function askSubscribe(_templates: SubscribeTemplate[], _audience?: SubscribeAudience): Promise<void> {
  return Promise.resolve()
}

/** An audience's calls, brought by its subpackage (weapp only: see subscribe.weapp.ts). */
export function provideSubscribeCalls(_audience: SubscribeAudience, _calls: SubscribeCalls): void {}
