import Taro from '@tarojs/taro'
import { partner, type SubscribeTemplates } from '../api/ems/partner'
import { logger } from '../utils/logger'
import type { SubscribeTemplate } from '@activity/wire'

/**
 * WeChat subscribe messages (订阅消息, one-time): the partner accepts templates in
 * `Taro.requestSubscribeMessage`, which WeChat allows only from a tap and with at most 3 ids; the
 * accepted ids go to the server, which then sends one message of each. The ids are the server's
 * (GET message/subscribeTemplates), fetched before the tap so the request is made in the tap itself.
 */
let templates: SubscribeTemplates['templates'] | undefined
let loading: Promise<void> | undefined

/** Fetches the configured template ids once (a page with a subscribe tap calls it when shown). */
export function prefetchSubscribeTemplates(): void {
  if (templates || loading) return
  loading = partner.message
    .subscribeTemplates(undefined, { lock: true })
    .then((res) => {
      templates = res.data.templates
    })
    .catch((err: unknown) => logger.warn('subscribe templates not loaded', err))
    .finally(() => {
      loading = undefined
    })
}

/** For tests: forget the fetched ids. */
export function resetSubscribeTemplates(): void {
  templates = undefined
}

/** Asks the partner to accept `wanted` (in this order, at most 3); resolves when the answer went to the server. Never rejects. */
export async function askSubscribe(wanted: SubscribeTemplate[]): Promise<void> {
  const ids = wanted
    .map((t) => templates?.find((x) => x.template === t)?.templateId)
    .filter((id): id is string => !!id)
    .slice(0, 3)
  if (ids.length === 0) return
  try {
    const answer = (await Taro.requestSubscribeMessage({ tmplIds: ids, entityIds: [] } as Taro.requestSubscribeMessage.Option)) as Record<
      string,
      string
    >
    const accepted = ids.filter((id) => answer[id] === 'accept')
    if (accepted.length > 0) await partner.message.subscribe({ templateIds: accepted.join(',') }, { lock: true })
  } catch (err) {
    // Refused, switched off in settings, or an old WeChat: the change goes on without messages.
    logger.warn('subscribe request not completed', err)
  }
}
