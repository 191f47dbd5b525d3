import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { GatewayError } from '../../gateways/login.ts'
import { randomToken } from '../../lib/crypto.ts'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok } from '../../lib/envelope.ts'
import { perIp } from '../../lib/rate-limits.ts'
import { PartnerStatus, YesNo } from '../../wire.ts'
import { createDisabledError, createPartnersRepository, userSchema, toUser } from '../partners/index.ts'
import { createSessionInvalidError } from '../sessions/index.ts'
import { createGatewayFailedError, createSignatureUnsupportedError } from './users.errors.ts'
import { createOpenIdBindingsRepository } from './users.repository.ts'
import { checkOpenIdQuery, signatureData, signatureQuery, signInBody, signInData, signOutQuery, yesNo } from './users.schemas.ts'
import { jsapiSignature } from './users.service.ts'

/** The client's session calls (SPEC.md section 7): the ums user is the partner. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ums/user/user'

  app.post(
    `${base}/signIn`,
    {
      config: perIp(30, 60),
      schema: {
        summary:
          'Sign in with a WeChat/Alipay code: a bound open id signs its partner in; an unbound one is remembered until a phone sign-in binds it',
        consumes: FORM_CONSUMES,
        body: signInBody,
        response: { 200: envelope(signInData) },
      },
    },
    async (request) => {
      const { platform, type, signCode } = request.body
      let openId: string
      try {
        ;({ openId } = await app.loginGateway.exchangeCode({ platform, type, code: signCode }))
      } catch (error) {
        request.log.warn({ err: error }, 'sign-in code exchange failed')
        throw createGatewayFailedError(error instanceof GatewayError ? { message: error.publicMessage } : {})
      }
      const binding = { platform, type, openId }
      const bindings = createOpenIdBindingsRepository({ db: app.db })
      const partners = createPartnersRepository({ db: app.db })
      const bound = await bindings.findByOpenId(binding)
      let partnerId = bound?.partnerId
      if (!partnerId) {
        // Already signed in by phone in this client: bind the open id to that partner.
        const current = await request.session.get('user')
        if (current?.partnerId && (await bindings.bind({ partnerId: current.partnerId, ...binding }))) partnerId = current.partnerId
      }
      if (!partnerId) {
        await request.session.start({ kind: 'user', partnerId: null, pendingOpenId: binding })
        return ok({ bound: YesNo.no })
      }
      const partner = await partners.findById({ id: partnerId })
      if (!partner) throw createSessionInvalidError()
      if (partner.status === PartnerStatus.disabled) throw createDisabledError()
      await request.session.start({ kind: 'user', partnerId, pendingOpenId: binding })
      return ok({ bound: YesNo.yes, ...toUser(partner) })
    },
  )

  app.get(
    `${base}/checkOpenId`,
    {
      schema: {
        summary: "Whether the session's user has an open id bound for this platform and type (是/否)",
        querystring: checkOpenIdQuery,
        response: { 200: envelope(yesNo) },
      },
    },
    async (request) => {
      const session = await request.session.get('user')
      if (!session?.partnerId) return ok(YesNo.no)
      const row = await createOpenIdBindingsRepository({ db: app.db }).findForPartner({ partnerId: session.partnerId, ...request.query })
      return ok(row ? YesNo.yes : YesNo.no)
    },
  )

  app.get(
    `${base}/signInfo`,
    {
      preHandler: app.requirePartner,
      schema: {
        summary: 'The signed-in user (100000004 when none)',
        security: [{ partnerSession: [] }],
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const partner = await createPartnersRepository({ db: app.db }).findById({ id: request.partnerId })
      if (!partner) throw createSessionInvalidError()
      return ok(toUser(partner))
    },
  )

  app.delete(
    `${base}/signOut`,
    {
      schema: {
        summary: 'Sign out; unbind=是 also removes the open-id binding of this client',
        querystring: signOutQuery,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const session = await request.session.get('user')
      if (request.query.unbind === YesNo.yes && session?.partnerId) {
        const bindings = createOpenIdBindingsRepository({ db: app.db })
        if (session.pendingOpenId)
          await bindings.unbind({
            partnerId: session.partnerId,
            platform: session.pendingOpenId.platform,
            type: session.pendingOpenId.type,
          })
        else await bindings.unbindAll({ partnerId: session.partnerId })
      }
      await request.session.end('user')
      return ok(null)
    },
  )

  app.get(
    `${base}/timestamp`,
    { schema: { summary: 'Server time in milliseconds', response: { 200: envelope(z.number().int()) } } },
    async () => ok(Date.now()),
  )

  app.get(
    `${base}/signature`,
    {
      schema: {
        summary: 'WeChat JS-SDK config signature for a page url',
        querystring: signatureQuery,
        response: { 200: envelope(signatureData) },
      },
    },
    async (request) => {
      if (request.query.platform !== 'weixin') throw createSignatureUnsupportedError()
      let ticket: { appId: string; ticket: string }
      try {
        ticket = await app.loginGateway.jsapiTicket({ platform: request.query.platform })
      } catch (error) {
        request.log.warn({ err: error }, 'jsapi ticket failed')
        throw createGatewayFailedError(error instanceof GatewayError ? { message: error.publicMessage } : {})
      }
      const timestamp = Math.floor(Date.now() / 1000)
      const nonceStr = randomToken(12)
      return ok({
        appId: ticket.appId,
        timestamp,
        nonceStr,
        signature: jsapiSignature({ ticket: ticket.ticket, nonceStr, timestamp, url: request.query.url }),
      })
    },
  )
}
