import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { perIp } from '../../../lib/rate-limits.ts'
import { outboxItem, outboxQuery, sendVerifyBody } from './verification.schemas.ts'
import { readSmsOutbox } from '../../../gateways/sms.ts'
import type { VerificationService } from './verification.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    verification: VerificationService
  }
}

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/ums/user/user/sendVerify',
    {
      config: perIp(20, 60),
      schema: {
        summary: 'Send a 6-digit verification code by SMS (valid 5 minutes; 1 per minute, 10 a day per phone)',
        consumes: FORM_CONSUMES,
        body: sendVerifyBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await app.verification.send({ db: app.db, phone: request.body.phone, type: request.body.type })
      return ok(null)
    },
  )

  // The local outbox exists only with the local SMS provider, and never in production.
  if (app.sms.kind === 'local' && !app.config.isProduction) {
    app.get(
      '/api/dev/smsOutbox',
      {
        schema: {
          summary: 'Development only: the latest messages of the local SMS outbox (with the code)',
          querystring: outboxQuery,
          response: { 200: envelope(z.array(outboxItem)) },
        },
      },
      async (request) => {
        const rows = await readSmsOutbox({ db: app.db, phone: request.query.phone, limit: 20 })
        return ok(rows.map((r) => ({ id: r.id, phone: r.phone, text: r.text, code: r.code, createdAt: r.createdAt.toISOString() })))
      },
    )
  }
}
