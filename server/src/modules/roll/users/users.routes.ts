import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { GatewayError } from '../../../gateways/login.ts'
import { randomToken } from '../../../lib/crypto.ts'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { perIp } from '../../../lib/rate-limits.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { VerifyType, YesNo } from '../../../wire.ts'
import { createDisabledError, toUser } from '../../partner-programme/index.ts'
import { createSessionInvalidError } from '../../platform/index.ts'
import { toStudentHeader, toStudentUser } from '../students/index.ts'
import { createGatewayFailedError, createNotStudentPhoneError, createSignatureUnsupportedError } from './users.errors.ts'
import {
  checkOpenIdQuery,
  personSchema,
  sessionUserSchema,
  signatureData,
  signatureQuery,
  signInBody,
  signInByCodeBody,
  signInData,
  signOutQuery,
  yesNo,
} from './users.schemas.ts'
import {
  bindOpenId,
  findAccount,
  findOpenIdBinding,
  hasOpenIdBinding,
  jsapiSignature,
  partnerOfPhone,
  personOf,
  startPersonSession,
  studentOfPhone,
  unbindOpenIds,
  unreadNoticeCount,
} from './users.service.ts'

/**
 * The client's session calls (SPEC.md section 7): the ums user is the person, holding a partner
 * profile, a student profile or both (one account per phone).
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ums/user/user'

  /** The session user of a person: the partner's as before, else the student's. */
  function userOf({ partner, student }: Awaited<ReturnType<typeof personOf>>) {
    if (partner) return toUser(partner)
    if (student) return toStudentUser(student)
    throw createSessionInvalidError()
  }

  app.post(
    `${base}/signIn`,
    {
      config: perIp(30, 60),
      schema: {
        summary:
          'Sign in with a WeChat/Alipay code: a bound open id signs its person in (with every profile they hold); an unbound one is remembered until a phone sign-in binds it',
        consumes: FORM_CONSUMES,
        body: signInBody,
        response: { 200: envelope(signInData) },
      },
    },
    async (request) =>
      app.signInRecorder.track(
        { request, kind: 'app', method: request.body.platform === 'alipay' ? 'alipay' : 'wechat' },
        async (attempt) => {
          const { platform, type, signCode } = request.body
          let openId: string
          try {
            ;({ openId } = await app.loginGateway.exchangeCode({ platform, type, code: signCode }))
          } catch (error) {
            request.log.warn({ err: error }, 'sign-in code exchange failed')
            throw createGatewayFailedError(error instanceof GatewayError ? { message: error.publicMessage } : {})
          }
          const binding = { platform, type, openId }
          const bound = await findOpenIdBinding({ db: app.db, ...binding })
          let accountId = bound?.accountId
          if (!accountId) {
            // Already signed in by phone in this client: bind the open id to that person.
            const current = await request.session.get('user')
            if (current?.accountId && (await bindOpenId({ db: app.db, accountId: current.accountId, ...binding })))
              accountId = current.accountId
          }
          if (!accountId) {
            await request.session.start({ kind: 'user', partnerId: null, pendingOpenId: binding })
            attempt.refuse('unbound')
            return ok({ bound: YesNo.no })
          }
          attempt.who({ accountId })
          const person = await personOf({ db: app.db, accountId })
          if (!person.partner && !person.student) {
            if (person.disabledPartner) throw createDisabledError()
            throw createSessionInvalidError()
          }
          await request.session.start({ kind: 'user', accountId, partnerId: person.partner?.id ?? null, pendingOpenId: binding })
          return ok({ bound: YesNo.yes, ...userOf(person) })
        },
      ),
  )

  app.post(
    `${base}/signInByCode`,
    {
      config: perIp(30, 60),
      schema: {
        summary:
          "The student's sign-in (学员登录) with phone + SMS code (sendVerify type 登录) to the phone the office registered; signs the person in with every profile they hold",
        consumes: FORM_CONSUMES,
        body: signInByCodeBody,
        response: { 200: envelope(sessionUserSchema) },
      },
    },
    async (request) =>
      app.signInRecorder.track({ request, kind: 'app', method: 'sms', identifier: request.body.phone }, async (attempt) => {
        const { phone, code } = request.body
        const student = await studentOfPhone({ db: app.db, phone })
        if (!student) {
          const partner = await partnerOfPhone({ db: app.db, phone })
          throw createNotStudentPhoneError(
            partner
              ? { message: '该手机号未登记为学员；您是合伙人，请使用合伙人登录', data: { partner: true } }
              : { data: { partner: false } },
          )
        }
        attempt.who({ accountId: student.accountId })
        await app.verification.verify({ db: app.db, phone, code, types: [VerifyType.login] })
        const person = await personOf({ db: app.db, accountId: student.accountId })
        await startPersonSession({ app, request, accountId: student.accountId, partnerId: person.partner?.id ?? null })
        return ok(userOf(person))
      }),
  )

  app.get(
    `${base}/checkOpenId`,
    {
      schema: {
        summary: "Whether the session's person has an open id bound for this platform and type (是/否)",
        querystring: checkOpenIdQuery,
        response: { 200: envelope(yesNo) },
      },
    },
    async (request) => {
      const session = await request.session.get('user')
      if (!session?.accountId) return ok(YesNo.no)
      const bound = await hasOpenIdBinding({ db: app.db, accountId: session.accountId, ...request.query })
      return ok(bound ? YesNo.yes : YesNo.no)
    },
  )

  app.get(
    `${base}/signInfo`,
    {
      preHandler: app.requirePerson,
      schema: {
        summary: 'The signed-in user (100000004 when none): a partner as the partner sign-in answers, else the student',
        security: [{ personSession: [] }],
        response: { 200: envelope(sessionUserSchema) },
      },
    },
    async (request) => ok(userOf(await personOf({ db: app.db, accountId: request.accountId }))),
  )

  app.get(
    `${base}/person`,
    {
      preHandler: app.requirePerson,
      schema: {
        summary:
          'The signed-in person: the profiles they hold, the session user, the partner profile and the student header info (school, major, discipline…) with unread notices',
        security: [{ personSession: [] }],
        response: { 200: envelope(personSchema) },
      },
    },
    async (request) => {
      const person = await personOf({ db: app.db, accountId: request.accountId })
      const account = await findAccount({ db: app.db, id: request.accountId })
      if (!account) throw createSessionInvalidError()
      const { partner, student } = person
      const unreadNotices = student ? await unreadNoticeCount({ db: app.db, studentId: student.id }) : 0
      return ok({
        accountId: account.id,
        phone: maskPhone(account.phone),
        profiles: [...(partner ? (['partner'] as const) : []), ...(student ? (['student'] as const) : [])],
        user: userOf(person),
        partner: partner ? { id: partner.id, status: partner.status, code: partner.code } : null,
        student: student ? { ...toStudentHeader(student), unreadNotices } : null,
      })
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
      if (request.query.unbind === YesNo.yes && session?.accountId) {
        await unbindOpenIds({ db: app.db, accountId: session.accountId, pending: session.pendingOpenId })
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
