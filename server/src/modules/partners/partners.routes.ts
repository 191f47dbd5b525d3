import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok, pageOf } from '../../lib/envelope.ts'
import { perIp } from '../../lib/rate-limits.ts'
import { AdminRole } from '../../wire.ts'
import { startPartnerSession } from '../users/users.service.ts'
import { createPartnerNotFoundError } from './partners.errors.ts'
import { createPartnersRepository } from './partners.repository.ts'
import {
  adminListQuery,
  adminPartnerSchema,
  auditBody,
  changePasswordBody,
  detailsQuery,
  profileSchema,
  registerBody,
  resetPasswordBody,
  savePersonalBody,
  saveSignUpBody,
  signInBody,
  userSchema,
} from './partners.schemas.ts'
import { createPartnersService, toAdminPartner, toProfile, toUser } from './partners.service.ts'

export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPartnersService({ verification: app.verification })
  const publicOrigin = app.config.publicOrigin
  const partnerAuth = { preHandler: app.requirePartner, schema: { security: [{ partnerSession: [] }] } }

  app.post(
    '/api/ems/partner/client/register',
    {
      config: perIp(10, 60),
      schema: {
        summary: 'Register a partner with phone, SMS code and password; signs them in',
        consumes: FORM_CONSUMES,
        body: registerBody,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const partner = await service.register({ db: app.db, ...request.body })
      await startPartnerSession({ app, request, partnerId: partner.id })
      return ok(toUser(partner))
    },
  )

  app.post(
    '/api/ems/partner/client/signIn',
    {
      config: perIp(30, 60),
      schema: {
        summary: 'Partner sign-in with phone + password, or phone + SMS code',
        consumes: FORM_CONSUMES,
        body: signInBody,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const partner = await service.signIn({ db: app.db, ...request.body })
      await startPartnerSession({ app, request, partnerId: partner.id })
      return ok(toUser(partner))
    },
  )

  app.delete(
    '/api/ems/partner/client/signOut',
    { schema: { summary: 'Partner sign-out', response: { 200: emptyEnvelope } } },
    async (request) => {
      await request.session.end('user')
      return ok(null)
    },
  )

  app.put(
    '/api/ems/partner/client/changePassword',
    {
      ...partnerAuth,
      schema: {
        ...partnerAuth.schema,
        summary: 'Change password (needs the old one)',
        consumes: FORM_CONSUMES,
        body: changePasswordBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await service.changePassword({ db: app.db, partnerId: request.partnerId, ...request.body })
      return ok(null)
    },
  )

  app.put(
    '/api/ems/partner/partner/resetPassword',
    {
      config: perIp(10, 60),
      schema: {
        summary: 'Forgot password: reset with an SMS code (ends every session of the partner)',
        consumes: FORM_CONSUMES,
        body: resetPasswordBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await service.resetPassword({ db: app.db, ...request.body })
      return ok(null)
    },
  )

  app.get(
    '/api/ems/partner/client/signInfo',
    {
      ...partnerAuth,
      schema: {
        ...partnerAuth.schema,
        summary: "The signed-in partner's profile (ID card and payout account masked)",
        response: { 200: envelope(profileSchema) },
      },
    },
    async (request) => {
      const partner = await createPartnersRepository({ db: app.db }).findById({ id: request.partnerId })
      if (!partner) throw createPartnerNotFoundError()
      return ok(toProfile(partner, { publicOrigin }))
    },
  )

  app.put(
    '/api/ems/partner/client/savePersonal',
    {
      ...partnerAuth,
      schema: {
        ...partnerAuth.schema,
        summary: 'Save personal info; an ID card or payout account already on file may be left empty to keep it',
        consumes: FORM_CONSUMES,
        body: savePersonalBody,
        response: { 200: envelope(profileSchema) },
      },
    },
    async (request) =>
      ok(toProfile(await service.savePersonal({ db: app.db, partnerId: request.partnerId, input: request.body }), { publicOrigin })),
  )

  app.put(
    '/api/ems/partner/client/saveSignUp',
    {
      ...partnerAuth,
      schema: {
        ...partnerAuth.schema,
        summary: 'Save sign-up info; with personal info complete the partner goes to review (待审核), also after a rejection',
        consumes: FORM_CONSUMES,
        body: saveSignUpBody,
        response: { 200: envelope(profileSchema) },
      },
    },
    async (request) =>
      ok(toProfile(await service.saveSignUp({ db: app.db, partnerId: request.partnerId, input: request.body }), { publicOrigin })),
  )

  const adminOnly = { preHandler: app.requireAdmin([AdminRole.admin]) }
  const anyOperator = { preHandler: app.requireAdmin() }
  const adminSecurity = { security: [{ adminSession: [] }] }

  app.put(
    '/api/ems/partner/partner/audit',
    {
      ...adminOnly,
      schema: {
        ...adminSecurity,
        summary: 'Operator (管理员): approve, reject with a reason, or disable a partner',
        consumes: FORM_CONSUMES,
        body: auditBody,
        response: { 200: envelope(adminPartnerSchema) },
      },
    },
    async (request) => ok(toAdminPartner(await service.audit({ db: app.db, ...request.body }), { publicOrigin })),
  )

  app.get(
    '/api/ems/partner/partner/list',
    {
      ...anyOperator,
      schema: {
        ...adminSecurity,
        summary: 'Operator: partners, filtered by status or keyword (phone, name, code)',
        querystring: adminListQuery,
        response: { 200: envelope(pageOf(adminPartnerSchema)) },
      },
    },
    async (request) => {
      const { page, size, status, keyword } = request.query
      const { rows, total } = await createPartnersRepository({ db: app.db }).list({ status, keyword, page, size })
      return ok({ list: rows.map((p) => toAdminPartner(p, { publicOrigin })), total, page, size })
    },
  )

  app.get(
    '/api/ems/partner/partner/details',
    {
      ...anyOperator,
      schema: {
        ...adminSecurity,
        summary: 'Operator: one partner',
        querystring: detailsQuery,
        response: { 200: envelope(adminPartnerSchema) },
      },
    },
    async (request) => {
      const partner = await createPartnersRepository({ db: app.db }).findById({ id: request.query.id })
      if (!partner) throw createPartnerNotFoundError()
      return ok(toAdminPartner(partner, { publicOrigin }))
    },
  )
}
