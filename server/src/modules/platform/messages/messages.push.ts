import { beijingMinute } from '@activity/domain'
import type { FastifyBaseLogger } from 'fastify'
import type { Executor } from '../../../db/types.ts'
import { sendOnAcceptance, type SubscribeMessageGateway } from '../../../gateways/subscribe-message.ts'
import { createOutboxPusher, type OutboxPusher, type PushOutcome, PushState } from '../../../gateways/subscribe-outbox.ts'
import { MESSAGE_TEMPLATE, type MessageKind, MessageTarget, type SubscribeTemplate } from '../../../wire.ts'
import { createMessagesRepository, type MessageRow, pendingMessagesWritten } from './messages.repository.ts'

/** The configured template id of each SubscribeTemplate (none configured: nothing is requested or sent). */
export type TemplateIds = Partial<Record<SubscribeTemplate, string>>

/** The configured template ids among `keys` (none configured: the client asks for none). */
export function configuredTemplates({ templates, keys }: { templates: TemplateIds; keys: readonly SubscribeTemplate[] }) {
  return keys.flatMap((template) => {
    const templateId = templates[template]
    return templateId ? [{ template, templateId }] : []
  })
}

/** The templates among `keys` whose configured id was accepted; other ids are ignored (an old client's, or another app's). */
export function acceptedTemplates({
  templates,
  keys,
  templateIds,
}: {
  templates: TemplateIds
  keys: readonly SubscribeTemplate[]
  templateIds: readonly string[]
}): SubscribeTemplate[] {
  return keys.filter((t) => {
    const id = templates[t]
    return id !== undefined && templateIds.includes(id)
  })
}

/** The template keywords a message fills: its title, its text and its time (WECHAT_SUBSCRIBE_KEYS). */
export interface TemplateKeys {
  title: string
  body: string
  time: string
}

/** Where a subscribe message opens the mini-program: the message list, which opens the target. */
export const PUSH_PAGE = 'pages/partner/message'
/** The student's live schedule (直播课表), where a live reminder leads. */
export const LIVE_PAGE = 'pages/study/live'

/**
 * A notice opens itself, a live reminder the live schedule, a 答疑 reply its thread and a 成绩公布
 * the attempt's result (a student may hold no partner profile, so no message list); the rest the
 * message list.
 */
export function pushPageOf(m: Pick<MessageRow, 'targetType' | 'targetId'>): string {
  if (m.targetType === MessageTarget.notice && m.targetId) return `pages/student/noticeDetail?id=${m.targetId}`
  if (m.targetType === MessageTarget.live) return LIVE_PAGE
  if (m.targetType === MessageTarget.question && m.targetId) return `pages/study/questionDetail?id=${m.targetId}`
  if (m.targetType === MessageTarget.attempt && m.targetId) return `pages/study/paper?attemptId=${m.targetId}`
  if (m.targetType === MessageTarget.pointsRecord) return 'pages/points/index'
  if (m.targetType === MessageTarget.goodOrder) return 'pages/points/orders'
  if (m.targetType === MessageTarget.textbook) return 'pages/student/textbooks'
  if (m.targetType === MessageTarget.feeOrder && m.targetId) return `pages/fee/detail?id=${m.targetId}`
  return PUSH_PAGE
}

/** WeChat's `thing` keywords take at most 20 characters. */
const thing = (text: string) => (Array.from(text).length > 20 ? `${Array.from(text).slice(0, 19).join('')}…` : text)

const minute = beijingMinute

export function templateData(m: Pick<MessageRow, 'title' | 'body' | 'createdAt'>, keys: TemplateKeys) {
  return { [keys.title]: { value: thing(m.title) }, [keys.body]: { value: thing(m.body) }, [keys.time]: { value: minute(m.createdAt) } }
}

/** The sender of the person's messages (the generic outbox pusher over `messages`). */
export type MessagePusher = OutboxPusher

/**
 * The outbox of WeChat subscribe messages. A message is written `pending` in the transaction of
 * its change; after the commit the pusher claims it, uses one of the partner's acceptances of its
 * template and sends it. A partner without an acceptance or without a mini-program open id is
 * skipped; a failed send is logged, gives the acceptance back, and never touches the change.
 */
export function createMessagePusher({
  db,
  gateway,
  templates,
  keys,
  log,
  miniOpenId,
}: {
  db: Executor
  gateway: SubscribeMessageGateway
  templates: TemplateIds
  keys: TemplateKeys
  log: FastifyBaseLogger
  /** The open id the person signed in to the mini-program with (the users module knows it). */
  miniOpenId: (args: { db: Executor; accountId: number }) => Promise<string | undefined>
}): MessagePusher {
  const repo = createMessagesRepository({ db })

  async function push(m: MessageRow): Promise<PushOutcome> {
    const template = MESSAGE_TEMPLATE[m.kind as MessageKind]
    const templateId = template ? templates[template] : undefined
    if (!template || !templateId) return PushState.skipped
    const openId = await miniOpenId({ db, accountId: m.accountId })
    if (!openId) return PushState.skipped
    const subscription = { accountId: m.accountId, template }
    return sendOnAcceptance({
      gateway,
      message: { openId, templateId, page: pushPageOf(m), data: templateData(m, keys) },
      take: () => repo.takeSubscription(subscription),
      giveBack: () => repo.returnSubscription(subscription),
      log,
      context: { messageId: m.id, kind: m.kind },
    })
  }

  return createOutboxPusher({ log, claim: repo.claimPending, push, record: repo.setPushState, written: pendingMessagesWritten })
}
