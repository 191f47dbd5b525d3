import type { FastifyBaseLogger } from 'fastify'
import type { Executor } from '../../../db/types.ts'
import { sendOnAcceptance, type SubscribeMessageGateway } from '../../../gateways/subscribe-message.ts'
import { createOutboxPusher, type OutboxPusher, type PushOutcome, PushState } from '../../../gateways/subscribe-outbox.ts'
import { SubscribeTemplate } from '../../../wire.ts'
import { miniOpenIdOfAdmin } from '../admins/index.ts'
import { templateData, type TemplateIds, type TemplateKeys } from '../messages/index.ts'
import { createApprovalsRepository, type MessageRow } from './approvals.repository.ts'

/** The sender of approvers' messages (the generic outbox pusher over `approval_messages`). */
export type ApprovalPusher = OutboxPusher

/** Where an approver's subscribe message opens the app: the request, to decide or read it. */
export const approvalPushPage = (m: Pick<MessageRow, 'requestId'>) => `pages/staff/approvalDetail?id=${m.requestId}`

/**
 * The outbox of approvers' WeChat subscribe messages (审批提醒): every approval message (待审批,
 * 催办, 抄送) is written `pending` with its change; after the commit this sends it to the open id
 * the operator bound in the weapp, on one of their acceptances of the approval template. An
 * operator without either is skipped; a failed send is logged and gives the acceptance back.
 */
export function createApprovalPusher({
  db,
  gateway,
  templates,
  keys,
  log,
}: {
  db: Executor
  gateway: SubscribeMessageGateway
  templates: TemplateIds
  keys: TemplateKeys
  log: FastifyBaseLogger
}): ApprovalPusher {
  const repo = createApprovalsRepository({ db })
  const template = SubscribeTemplate.approval

  async function push(m: MessageRow): Promise<PushOutcome> {
    const templateId = templates[template]
    if (!templateId) return PushState.skipped
    const openId = await miniOpenIdOfAdmin({ db, adminId: m.adminId })
    if (!openId) return PushState.skipped
    const subscription = { adminId: m.adminId, template }
    return sendOnAcceptance({
      gateway,
      // The kind (待审批, 催办, 抄送) is the template's title, the message's own title its text.
      message: {
        openId,
        templateId,
        page: approvalPushPage(m),
        data: templateData({ title: m.kind, body: m.title, createdAt: m.createdAt }, keys),
      },
      take: () => repo.takeSubscription(subscription),
      giveBack: () => repo.returnSubscription(subscription),
      log,
      context: { approvalMessageId: m.id, kind: m.kind },
    })
  }

  return createOutboxPusher({ log, claim: repo.claimPending, push, record: repo.setPushState })
}
