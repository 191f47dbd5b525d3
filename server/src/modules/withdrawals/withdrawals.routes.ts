import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { randomToken } from '../../lib/crypto.ts'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../lib/envelope.ts'
import { perIp } from '../../lib/rate-limits.ts'
import { AdminRole } from '../../wire.ts'
import { createWithdrawalsRepository } from './withdrawals.repository.ts'
import {
  adminListQuery,
  adminWithdrawalSchema,
  applyBody,
  finishPayBody,
  partnerListQuery,
  refuseBody,
  withdrawalSchema,
} from './withdrawals.schemas.ts'
import { applyWithdrawal, finishPay, refuseWithdrawal, toAdminWithdrawal, toPartnerWithdrawal } from './withdrawals.service.ts'

/** Withdrawals (提现): the partner applies; finance pays or refuses. */
export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/partner/withdrawalRecord'
  const partnerSecurity = [{ partnerSession: [] }]
  const adminSecurity = [{ adminSession: [] }]
  const finance = app.requireAdmin([AdminRole.finance])

  app.post(
    `${base}/apply`,
    {
      preHandler: app.requirePartner,
      config: perIp(30, 60),
      schema: {
        summary: 'Apply for a withdrawal (≥ ¥10.00, ≤ withdrawable, one pending at a time, idempotent by key)',
        security: partnerSecurity,
        consumes: FORM_CONSUMES,
        body: applyBody,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (request) => {
      const { withdrawal } = await applyWithdrawal({
        db: app.db,
        partnerId: request.partnerId,
        amount: request.body.amount,
        idempotencyKey: request.body.idempotencyKey ?? randomToken(16),
      })
      return ok(toPartnerWithdrawal(withdrawal))
    },
  )

  app.get(
    `${base}/list`,
    {
      preHandler: app.requirePartner,
      schema: {
        summary: "The partner's own withdrawals",
        security: partnerSecurity,
        querystring: partnerListQuery,
        response: { 200: envelope(pageOf(withdrawalSchema)) },
      },
    },
    async (request) => {
      const { status, page, size } = request.query
      const { rows, total } = await createWithdrawalsRepository({ db: app.db }).listForPartner({
        partnerId: request.partnerId,
        status,
        page,
        size,
      })
      return ok({ list: rows.map(toPartnerWithdrawal), total, page, size })
    },
  )

  app.get(
    `${base}/listForAdmin`,
    {
      preHandler: finance,
      schema: {
        summary: '财务: withdrawals with full payout accounts',
        security: adminSecurity,
        querystring: adminListQuery,
        response: { 200: envelope(pageOf(adminWithdrawalSchema)) },
      },
    },
    async (request) => {
      const { status, partnerId, page, size } = request.query
      const { rows, total } = await createWithdrawalsRepository({ db: app.db }).list({ partnerId, status, page, size })
      return ok({ list: rows.map((r) => toAdminWithdrawal(r.w, r)), total, page, size })
    },
  )

  app.put(
    `${base}/finishPay`,
    {
      preHandler: finance,
      schema: {
        summary: '财务: mark paid with the transaction number (once)',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: finishPayBody,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (request) => ok(toPartnerWithdrawal(await finishPay({ db: app.db, ...request.body, adminId: request.admin.id }))),
  )

  app.put(
    `${base}/refuse`,
    {
      preHandler: finance,
      schema: {
        summary: '财务: refuse with a reason; the amount returns once',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: refuseBody,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (request) => ok(toPartnerWithdrawal(await refuseWithdrawal({ db: app.db, ...request.body, adminId: request.admin.id }))),
  )
}
