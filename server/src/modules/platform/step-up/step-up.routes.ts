import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { perIp } from '../../../lib/rate-limits.ts'
import { actorOf } from '../audit/index.ts'
import { createSessionInvalidError } from '../sessions/index.ts'
import { codeBody, passwordBody, smsSentSchema, stepUpSchema, stepUpStateSchema, totpSetupSchema } from './step-up.schemas.ts'
import {
  confirmByPassword,
  confirmBySms,
  confirmByTotp,
  disableTotp,
  enableTotp,
  sendStepUpSms,
  setupTotp,
  stepUpState,
  toStepUp,
} from './step-up.service.ts'

/** The operator's current session (a step-up is bound to it). */
async function sessionIdOf(request: FastifyRequest): Promise<number> {
  const session = await request.session.get('admin')
  if (!session) throw createSessionInvalidError()
  return session.id
}

/** Step-up (二次验证) of the operator's own session, and their authenticator (TOTP). */
export const stepUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/bms/system/stepUp'
  const security = [{ adminSession: [] }]
  // Any operator: step-up is about who is at the keyboard, not what they may do.
  const signedIn = app.requireAdmin()
  const tries = perIp(30, 60)
  const ttlMs = app.config.stepUpMinutes * 60_000

  app.get(
    `${base}/methods`,
    {
      preHandler: signedIn,
      schema: {
        summary: 'What the operator may confirm a step-up with, and until when the current one holds',
        security,
        response: { 200: envelope(stepUpStateSchema) },
      },
    },
    async (request) =>
      ok({
        ...(await stepUpState({ db: app.db, adminId: request.admin.id, sessionId: await sessionIdOf(request) })),
        minutes: app.config.stepUpMinutes,
      }),
  )

  app.post(
    `${base}/password`,
    {
      preHandler: signedIn,
      config: tries,
      schema: {
        summary:
          "Step up with the operator's password (STEP_UP_MINUTES, 5 by default, this session; 5 wrong tries lock step-up for 15 minutes)",
        security,
        consumes: FORM_CONSUMES,
        body: passwordBody,
        response: { 200: envelope(stepUpSchema) },
      },
    },
    async (request) =>
      ok(
        toStepUp(
          await confirmByPassword({ db: app.db, actor: actorOf(request), sessionId: await sessionIdOf(request), ttlMs, ...request.body }),
        ),
      ),
  )

  app.post(
    `${base}/sendSms`,
    {
      preHandler: signedIn,
      config: perIp(20, 60),
      schema: {
        summary: "Send a step-up code to the operator's phone (not once an authenticator is bound; 1 a minute, 10 a day)",
        security,
        response: { 200: envelope(smsSentSchema) },
      },
    },
    async (request) => ok(await sendStepUpSms({ db: app.db, verification: app.verification, adminId: request.admin.id })),
  )

  app.post(
    `${base}/sms`,
    {
      preHandler: signedIn,
      config: tries,
      schema: {
        summary: 'Step up with the SMS code',
        security,
        consumes: FORM_CONSUMES,
        body: codeBody,
        response: { 200: envelope(stepUpSchema) },
      },
    },
    async (request) =>
      ok(
        toStepUp(
          await confirmBySms({
            db: app.db,
            verification: app.verification,
            actor: actorOf(request),
            sessionId: await sessionIdOf(request),
            code: request.body.code,
            ttlMs,
          }),
        ),
      ),
  )

  app.post(
    `${base}/totp`,
    {
      preHandler: signedIn,
      config: tries,
      schema: {
        summary: "Step up with the bound authenticator's code",
        security,
        consumes: FORM_CONSUMES,
        body: codeBody,
        response: { 200: envelope(stepUpSchema) },
      },
    },
    async (request) =>
      ok(
        toStepUp(
          await confirmByTotp({
            db: app.db,
            actor: actorOf(request),
            sessionId: await sessionIdOf(request),
            code: request.body.code,
            ttlMs,
          }),
        ),
      ),
  )

  // Binding an authenticator changes how the operator steps up, so it starts from a step-up itself
  // (else a stolen session could bind its own and pay).
  app.post(
    `${base}/totp/setup`,
    {
      preHandler: [signedIn, app.requireStepUp()],
      schema: {
        summary: 'A new authenticator secret and its otpauth URI, pending until a code confirms it (needs a step-up)',
        security,
        response: { 200: envelope(totpSetupSchema) },
      },
    },
    async (request) => ok(await setupTotp({ db: app.db, adminId: request.admin.id })),
  )

  app.post(
    `${base}/totp/enable`,
    {
      preHandler: signedIn,
      config: tries,
      schema: {
        summary: 'Bind the pending authenticator with one of its codes; it then replaces the SMS code',
        security,
        consumes: FORM_CONSUMES,
        body: codeBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await enableTotp({ db: app.db, actor: actorOf(request), code: request.body.code })
      return ok(null)
    },
  )

  app.post(
    `${base}/totp/disable`,
    {
      preHandler: [signedIn, app.requireStepUp()],
      schema: { summary: 'Unbind the authenticator (needs a step-up); SMS codes serve again', security, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await disableTotp({ db: app.db, actor: actorOf(request) })
      return ok(null)
    },
  )
}
