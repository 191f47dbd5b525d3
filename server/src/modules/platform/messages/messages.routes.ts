import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { PARTNER_SUBSCRIBE_TEMPLATES, STUDENT_SUBSCRIBE_TEMPLATES, type SubscribeTemplate } from '../../../wire.ts'
import { createMessageNotFoundError } from './messages.errors.ts'
import { acceptedTemplates, configuredTemplates } from './messages.push.ts'
import { readSubscribeOutbox } from '../../../gateways/subscribe-message.ts'
import {
  listQuery,
  messageSchema,
  readAllSchema,
  readBody,
  subscribeBody,
  subscribeOutboxSchema,
  subscriptionsSchema,
  templatesSchema,
  unreadCountSchema,
} from './messages.schemas.ts'
import {
  addSubscriptions,
  listMessages,
  markAllMessagesRead,
  markMessageRead,
  subscriptionsOf,
  toPartnerMessage,
  unreadMessageCount,
} from './messages.service.ts'

/** At most this many unused acceptances are kept per partner and template. */
export const SUBSCRIPTION_CAP = 20

/** The partner's messages (消息通知) and their WeChat subscribe-message acceptances. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/partner/message'
  const security = [{ partnerSession: [] }]
  const templates = app.config.subscribeMessages.templates

  app.get(
    `${base}/list`,
    {
      preHandler: app.requirePartner,
      schema: {
        summary: "The partner's messages, unread first, newest first",
        security,
        querystring: listQuery,
        response: { 200: envelope(pageOf(messageSchema)) },
      },
    },
    async (request) => {
      const { page, size, offset } = request.query
      const { rows, total } = await listMessages({ db: app.db, accountId: request.accountId, page, size, offset })
      return ok({ list: rows.map(toPartnerMessage), total, page, size })
    },
  )

  app.get(
    `${base}/unreadCount`,
    {
      preHandler: app.requirePartner,
      schema: { summary: "How many of the partner's messages are unread", security, response: { 200: envelope(unreadCountSchema) } },
    },
    async (request) => ok({ count: await unreadMessageCount({ db: app.db, accountId: request.accountId }) }),
  )

  app.post(
    `${base}/read`,
    {
      preHandler: app.requirePartner,
      schema: {
        summary: 'The partner opened a message: it is read from now on',
        security,
        consumes: FORM_CONSUMES,
        body: readBody,
        response: { 200: envelope(messageSchema) },
      },
    },
    async (request) => {
      const row = await markMessageRead({
        db: app.db,
        accountId: request.accountId,
        id: request.body.id,
        now: new Date(),
      })
      if (!row) throw createMessageNotFoundError()
      return ok(toPartnerMessage(row))
    },
  )

  app.post(
    `${base}/readAll`,
    {
      preHandler: app.requirePartner,
      schema: { summary: "Marks every one of the partner's messages read", security, response: { 200: envelope(readAllSchema) } },
    },
    async (request) => ok({ count: await markAllMessagesRead({ db: app.db, accountId: request.accountId, now: new Date() }) }),
  )

  const configured = (keys: readonly SubscribeTemplate[]) => configuredTemplates({ templates, keys })

  /** Counts one acceptance of each template id the person accepted among `keys`; ids that are not one of them are ignored (an old client's, or another app's). */
  async function subscribe({
    accountId,
    templateIds,
    keys,
  }: {
    accountId: number
    templateIds: string[]
    keys: readonly SubscribeTemplate[]
  }) {
    const accepted = acceptedTemplates({ templates, keys, templateIds })
    await addSubscriptions({ db: app.db, accountId, templates: accepted, cap: SUBSCRIPTION_CAP })
    return { subscriptions: await subscriptionsOf({ db: app.db, accountId, templates: keys }) }
  }

  app.get(
    `${base}/subscribeTemplates`,
    {
      preHandler: app.requirePartner,
      schema: {
        summary: 'The WeChat subscribe-message template ids the mini-program asks the partner to accept',
        security,
        response: { 200: envelope(templatesSchema) },
      },
    },
    async () => ok({ templates: configured(PARTNER_SUBSCRIBE_TEMPLATES) }),
  )

  app.post(
    `${base}/subscribe`,
    {
      preHandler: app.requirePartner,
      schema: {
        summary: 'The templates the partner accepted in requestSubscribeMessage: each allows one message of it',
        security,
        consumes: FORM_CONSUMES,
        body: subscribeBody,
        response: { 200: envelope(subscriptionsSchema) },
      },
    },
    async (request) =>
      ok(await subscribe({ accountId: request.accountId, templateIds: request.body.templateIds, keys: PARTNER_SUBSCRIBE_TEMPLATES })),
  )

  // The student's side: a new notice addressed to them (通知公告), accepted on the notices page.
  const studentSecurity = [{ studentSession: [] }]
  app.get(
    '/api/ems/education/notices/subscribeTemplatesForClient',
    {
      preHandler: app.requireStudent,
      schema: {
        summary: 'The WeChat subscribe-message template ids the mini-program asks the student to accept (a new notice)',
        security: studentSecurity,
        response: { 200: envelope(templatesSchema) },
      },
    },
    async () => ok({ templates: configured(STUDENT_SUBSCRIBE_TEMPLATES) }),
  )

  app.post(
    '/api/ems/education/notices/subscribeForClient',
    {
      preHandler: app.requireStudent,
      schema: {
        summary: 'The templates the student accepted in requestSubscribeMessage: each allows one message of it',
        security: studentSecurity,
        consumes: FORM_CONSUMES,
        body: subscribeBody,
        response: { 200: envelope(subscriptionsSchema) },
      },
    },
    async (request) =>
      ok(await subscribe({ accountId: request.accountId, templateIds: request.body.templateIds, keys: STUDENT_SUBSCRIBE_TEMPLATES })),
  )

  // The local outbox exists only with the local gateway, and never in production.
  if (app.subscribeMessage.kind === 'local' && !app.config.isProduction) {
    app.get(
      '/api/dev/subscribeOutbox',
      {
        schema: {
          summary: 'Development only: the latest WeChat subscribe messages of the local outbox',
          response: { 200: envelope(subscribeOutboxSchema) },
        },
      },
      async () =>
        ok(
          (await readSubscribeOutbox({ db: app.db, limit: 20 })).map((r) => ({
            ...r,
            data: r.data as Record<string, { value: string }>,
            createdAt: r.createdAt.toISOString(),
          })),
        ),
    )
  }
}
