import type { SubscribeTemplate } from '@activity/wire'

/**
 * WeChat subscribe messages (订阅消息) are a mini-program feature: on H5 and Alipay there is
 * nothing to ask (the weapp build uses subscribe.weapp.ts).
 */
export function prefetchSubscribeTemplates(): void {}

/** Asks the partner to accept `templates` (weapp only); resolves when the answer went to the server. Never rejects. */
export function askSubscribe(_templates: SubscribeTemplate[]): Promise<void> {
  return Promise.resolve()
}
