import Taro from '@tarojs/taro'
import { education } from '../api/ems/education'
import { partner, type SubscribeTemplates } from '../api/ems/partner'
import { logger } from '../utils/logger'
import type { SubscribeTemplate } from '@activity/wire'
import type { SubscribeAudience, SubscribeCalls } from './subscribe'

/**
 * WeChat subscribe messages (订阅消息, one-time): the person accepts templates in
 * `Taro.requestSubscribeMessage`, which WeChat allows only from a tap and with at most 3 ids; the
 * accepted ids go to the server, which then sends one message of each. The ids are the server's
 * (the partner's GET message/subscribeTemplates, the student's GET notices/subscribeTemplatesForClient,
 * the operator's GET /api/zms/approval/subscribeTemplates), fetched before the tap so the request is
 * made in the tap itself.
 */
/** The weapp can ask (see subscribe.ts). */
export const CAN_SUBSCRIBE = true

const templates: Partial<Record<SubscribeAudience, SubscribeTemplates['templates']>> = {}
const loading: Partial<Record<SubscribeAudience, Promise<void>>> = {}

const calls: Partial<Record<SubscribeAudience, SubscribeCalls>> = {
  partner: {
    templates: () => partner.message.subscribeTemplates(undefined, { lock: true }),
    subscribe: (templateIds: string) => partner.message.subscribe({ templateIds }, { lock: true }),
  },
  student: {
    templates: () => education.notices.subscribeTemplatesForClient(undefined, { lock: true }),
    subscribe: (templateIds: string) => education.notices.subscribeForClient({ templateIds }, { lock: true }),
  },
}

/**
 * An audience whose calls live in a subpackage brings them when its pages load (the staff's, in the
 * operator session: src/staff/subscribe.ts), so the main package carries none of them.
 */
export function provideSubscribeCalls(audience: SubscribeAudience, provided: SubscribeCalls): void {
  calls[audience] = provided
}

/** Fetches the configured template ids once (a page with a subscribe tap calls it when shown). */
export function prefetchSubscribeTemplates(audience: SubscribeAudience = 'partner'): void {
  const own = calls[audience]
  if (!own || templates[audience] || loading[audience]) return
  loading[audience] = own
    .templates()
    .then((res) => {
      templates[audience] = res.data.templates
    })
    .catch((err: unknown) => logger.warn('subscribe templates not loaded', err))
    .finally(() => {
      loading[audience] = undefined
    })
}

/** For tests: forget the fetched ids. */
export function resetSubscribeTemplates(): void {
  delete templates.partner
  delete templates.student
  delete templates.staff
}

/** Asks the person to accept `wanted` (in this order, at most 3); resolves when the answer went to the server. Never rejects. */
export async function askSubscribe(wanted: SubscribeTemplate[], audience: SubscribeAudience = 'partner'): Promise<void> {
  const ids = wanted
    .map((t) => templates[audience]?.find((x) => x.template === t)?.templateId)
    .filter((id): id is string => !!id)
    .slice(0, 3)
  if (ids.length === 0) return
  try {
    const answer = (await Taro.requestSubscribeMessage({ tmplIds: ids, entityIds: [] } as Taro.requestSubscribeMessage.Option)) as Record<
      string,
      string
    >
    const accepted = ids.filter((id) => answer[id] === 'accept')
    if (accepted.length > 0) await calls[audience]?.subscribe(accepted.join(','))
  } catch (err) {
    // Refused, switched off in settings, or an old WeChat: the change goes on without messages.
    logger.warn('subscribe request not completed', err)
  }
}
