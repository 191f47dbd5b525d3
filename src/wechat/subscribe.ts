import type { SubscribeTemplate } from '@activity/wire'

/** Whose templates: the partner's pages ask for the partner's, the student's notices page for the notice one. */
export type SubscribeAudience = 'partner' | 'student'

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
