import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Executor } from '../../../db/types.ts'
import { emptyEnvelope, envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { perIp } from '../../../lib/rate-limits.ts'
import { dayRange } from '../../../lib/time-range.ts'
import { batches, sendXlsx, timeCell } from '../../../lib/xlsx-export.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { actorOf } from '../../platform/index.ts'
import { createPartnerNotFoundError } from './partners.errors.ts'
import {
  adminListQuery,
  adminPartnerSchema,
  auditBody,
  changePasswordBody,
  detailsQuery,
  exportQuery,
  partnerDetailSchema,
  profileSchema,
  registerBody,
  resetPasswordBody,
  savePersonalBody,
  saveSignUpBody,
  signInBody,
  userSchema,
} from './partners.schemas.ts'
import {
  createPartnersService,
  exportPartnersBatch,
  findPartner,
  listPartners,
  type PartnerRow,
  partnerTeamSize,
  toAdminPartner,
  toProfile,
  toUser,
} from './partners.service.ts'

export interface PartnersRoutesOptions {
  /** Starts the partner's session after a phone sign-in or registration (the users module binds a remembered open id). */
  startPartnerSession: (args: { app: FastifyInstance; request: FastifyRequest; partnerId: number }) => Promise<void>
  /** Opens a new partner's wallet in the registration's transaction (the ledger module's). */
  openWallet: (args: { db: Executor; partnerId: number }) => Promise<void>
  /** The wallet the operator's partner details show (the ledger module's walletSummary). */
  walletSummary: (args: {
    db: Executor
    partnerId: number
  }) => Promise<{ balance: number; frozen: number; withdrawable: number; debt: number }>
  /** The partner's clues, all and dealt (the clues module's). */
  clueCounts: (args: { db: Executor; partnerId: number }) => Promise<{ total: number; deal: number }>
}

export const partnersRoutes: FastifyPluginAsyncZod<PartnersRoutesOptions> = async (
  app,
  { startPartnerSession, openWallet, walletSummary, clueCounts },
) => {
  const service = createPartnersService({ verification: app.verification, openWallet })
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
    async (request) =>
      app.signInRecorder.track(
        {
          request,
          kind: 'app',
          method: request.body.password !== undefined ? 'password' : 'sms',
          identifier: request.body.phone,
        },
        async (attempt) => {
          const partner = await service.signIn({ db: app.db, ...request.body, ip: request.ip })
          attempt.who({ accountId: partner.accountId })
          await startPartnerSession({ app, request, partnerId: partner.id })
          return ok(toUser(partner))
        },
      ),
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
      const partner = await findPartner({ db: app.db, id: request.partnerId })
      if (!partner) throw createPartnerNotFoundError()
      // A wrong old password is a failed sign-in in the records (登录记录); a change is no sign-in.
      return app.signInRecorder.track(
        { request, kind: 'app', method: 'changePassword', identifier: partner.phone, failuresOnly: true },
        async (attempt) => {
          attempt.who({ accountId: partner.accountId })
          await service.changePassword({ db: app.db, partnerId: partner.id, ...request.body, ip: request.ip })
          return ok(null)
        },
      )
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
      const partner = await findPartner({ db: app.db, id: request.partnerId })
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

  const adminOnly = { preHandler: app.requireAdmin('partners.review') }
  const anyOperator = { preHandler: app.requireAdmin(['partners.view', 'clues.work', 'withdrawals.view', 'ledger.view']) }
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
    async (request) => ok(toAdminPartner(await service.audit({ db: app.db, ...request.body, actor: actorOf(request) }), { publicOrigin })),
  )

  app.get(
    '/api/ems/partner/partner/list',
    {
      // The partner pickers of other screens (clues, ledger, withdrawals, orders, posters) read it too.
      preHandler: app.requireAdmin(['partners.view', 'clues.view', 'ledger.view', 'withdrawals.view', 'orders.view', 'posters.view']),
      schema: {
        ...adminSecurity,
        summary: 'Operator: partners, filtered by status, keyword (phone, name, code) and registration date; newest first unless sorted',
        querystring: adminListQuery,
        response: { 200: envelope(pageOf(adminPartnerSchema)) },
      },
    },
    async (request) => {
      const { page, size, status, keyword, dateFrom, dateTo, sort } = request.query
      const { rows, total } = await listPartners({
        db: app.db,
        filter: { status, keyword, range: dayRange({ from: dateFrom, to: dateTo }) },
        sort,
        page,
        size,
      })
      return ok({ list: rows.map((p) => toAdminPartner(p, { publicOrigin })), total, page, size })
    },
  )

  app.get(
    '/api/ems/partner/partner/details',
    {
      ...anyOperator,
      schema: {
        ...adminSecurity,
        summary:
          'Operator: one partner with team size, wallet (ledger.view or withdrawals.view) and clue counts; ID card and payout account in full for a position with 查看完整手机号 (data.reveal) and the wallet, masked otherwise',
        querystring: detailsQuery,
        response: { 200: envelope(partnerDetailSchema) },
      },
    },
    async (request) => {
      const partner = await findPartner({ db: app.db, id: request.query.id })
      if (!partner) throw createPartnerNotFoundError()
      const walletVisible = request.admin.rights.has('ledger.view') || request.admin.rights.has('withdrawals.view')
      // Whole ID number and payout account: the 查看完整手机号 right, as every other answer (issue 37 §2),
      // and, being payout data, a money screen's: 招生老师 holds the right for phones, not for these.
      const sensitiveVisible = walletVisible && request.admin.rights.has('data.reveal')
      const [teamSize, wallet, clueCountsOf] = await Promise.all([
        partnerTeamSize({ db: app.db, id: partner.id }),
        walletVisible ? walletSummary({ db: app.db, partnerId: partner.id }) : null,
        clueCounts({ db: app.db, partnerId: partner.id }),
      ])
      const view = toAdminPartner(partner, { publicOrigin })
      return ok({
        ...view,
        personal: sensitiveVisible ? { ...view.personal, idCard: partner.idCard, payoutAccount: partner.payoutAccount } : view.personal,
        sensitiveVisible,
        teamSize,
        wallet,
        clueCounts: clueCountsOf,
      })
    },
  )

  app.get(
    '/api/ems/partner/partner/export',
    {
      preHandler: app.requireAdmin('partners.export'),
      schema: {
        ...adminSecurity,
        summary: '管理员: the filtered partner list as .xlsx (streamed, at most 100 000 rows)',
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const { status, keyword, dateFrom, dateTo, sort } = request.query
      const filter = { status, keyword, range: dayRange({ from: dateFrom, to: dateTo }) }
      return sendXlsx<PartnerRow>({
        reply,
        filename: '合伙人.xlsx',
        sheetName: '合伙人',
        rows: batches({ next: (last, limit) => exportPartnersBatch({ db: app.db, filter, sort, last, limit }) }),
        columns: [
          { header: '编号', width: 8, value: (p) => p.id },
          { header: '姓名', width: 12, value: (p) => p.realName },
          { header: '手机号', width: 14, value: (p) => p.phone, mask: maskPhone },
          { header: '推广码', width: 10, value: (p) => p.code },
          { header: '状态', width: 8, value: (p) => p.status },
          { header: '省份', width: 10, value: (p) => p.province },
          { header: '城市', width: 10, value: (p) => p.city },
          { header: '学校', width: 20, value: (p) => p.school },
          { header: '专业', width: 16, value: (p) => p.major },
          { header: '报考类别', width: 28, value: (p) => p.discipline },
          { header: '注册时间', width: 17, value: (p) => timeCell(p.createdAt) },
          { header: '审核时间', width: 17, value: (p) => timeCell(p.reviewedAt) },
        ],
      })
    },
  )
}
