import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { randomToken } from '../../../lib/crypto.ts'
import { cappedPageOf, envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { perIp } from '../../../lib/rate-limits.ts'
import { dayRange } from '../../../lib/time-range.ts'
import { batches, sendXlsx, timeCell, yuanCell } from '../../../lib/xlsx-export.ts'
import { maskAccount, maskPhone } from '../../../lib/mask.ts'
import { WithdrawalStatus } from '../../../wire.ts'
import { actorOf } from '../../platform/index.ts'
import {
  adminListQuery,
  adminWithdrawalSchema,
  applyBody,
  batchPayBody,
  batchReportSchema,
  exportQuery,
  finishPayBody,
  partnerListQuery,
  devTransferQuery,
  refuseBody,
  transferBody,
  transferNotifyParams,
  withdrawalSchema,
} from './withdrawals.schemas.ts'
import { applyTransferNotification, startTransfer } from './withdrawals.transfer.ts'
import { createWithdrawalNotFoundError } from './withdrawals.errors.ts'
import {
  type AdminWithdrawalRow,
  applyWithdrawal,
  batchPay,
  exportWithdrawalsBatch,
  findWithdrawal,
  finishPay,
  listPartnerWithdrawals,
  listWithdrawals,
  refuseWithdrawal,
  toAdminWithdrawal,
  toPartnerWithdrawal,
} from './withdrawals.service.ts'

/** Withdrawals (提现): the partner applies; finance pays or refuses. */
export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/partner/withdrawalRecord'
  const partnerSecurity = [{ partnerSession: [] }]
  const adminSecurity = [{ adminSession: [] }]
  const finance = app.requireAdmin('withdrawals.view')
  const pay = app.requireAdmin('withdrawals.pay')
  const exporter = app.requireAdmin('withdrawals.export')
  // Paying moves money out: a fresh step-up (二次验证) first, whichever way it is paid.
  const paySteppedUp = [pay, app.requireStepUp()]

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
      const { rows, total } = await listPartnerWithdrawals({
        db: app.db,
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
        summary: '财务: withdrawals with full payout accounts; 审核中 first, then newest unless sorted (by status, partner, applied date)',
        security: adminSecurity,
        querystring: adminListQuery,
        response: { 200: envelope(cappedPageOf(adminWithdrawalSchema)) },
      },
    },
    async (request) => {
      const { status, partnerId, dateFrom, dateTo, sort, page, size } = request.query
      const { rows, total, totalCapped } = await listWithdrawals({
        db: app.db,
        filter: { partnerId, status, range: dayRange({ from: dateFrom, to: dateTo }) },
        sort,
        page,
        size,
      })
      return ok({ list: rows.map((r) => toAdminWithdrawal(r.w, r)), total, totalCapped, page, size })
    },
  )

  app.put(
    `${base}/finishPay`,
    {
      preHandler: paySteppedUp,
      schema: {
        summary: '财务: mark paid with the transaction number (once)',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: finishPayBody,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (request) =>
      ok(toPartnerWithdrawal(await finishPay({ db: app.db, ...request.body, adminId: request.admin.id, actor: actorOf(request) }))),
  )

  app.put(
    `${base}/refuse`,
    {
      preHandler: pay,
      schema: {
        summary: '财务: refuse with a reason; the amount returns once',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: refuseBody,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (request) =>
      ok(toPartnerWithdrawal(await refuseWithdrawal({ db: app.db, ...request.body, adminId: request.admin.id, actor: actorOf(request) }))),
  )

  app.put(
    `${base}/wechatTransfer`,
    {
      preHandler: paySteppedUp,
      schema: {
        summary:
          "财务: pay by WeChat merchant transfer: 审核中 -> 待确认收款 (the partner confirms in the mini-program); only WeChat's notification marks it 已打款. Again while 待确认收款 without a bill resends the same bill",
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: transferBody,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (request) =>
      ok(
        toPartnerWithdrawal(
          await startTransfer({
            db: app.db,
            transfer: app.transfer,
            id: request.body.id,
            adminId: request.admin.id,
            actor: actorOf(request),
          }),
        ),
      ),
  )

  // WeChat's transfer notification, in its own scope so the body stays the exact text that was signed.
  const notifyRoute: FastifyPluginAsyncZod = async (scope) => {
    const types = ['application/json', 'text/plain']
    scope.removeContentTypeParser(types)
    scope.addContentTypeParser(types, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body))
    scope.post(
      '/api/fms/finance/transfer/notify/:provider',
      {
        schema: {
          summary:
            'Transfer provider notification (wechatpay: MCHTRANSFER.BILL.FINISHED, Wechatpay-* headers, encrypted resource; sandbox: HMAC headers). Verified; a repeat changes nothing; bad signature -> 401',
          consumes: ['application/json'],
          params: transferNotifyParams,
          response: { 200: envelope(z.object({ outcome: z.string(), withdrawalId: z.number().nullable() })) },
        },
      },
      async (request) => {
        const body = typeof request.body === 'string' ? request.body : ''
        try {
          const result = await applyTransferNotification({
            db: app.db,
            transfer: app.transfer,
            providerName: request.params.provider,
            notification: { headers: request.headers, body },
          })
          request.log.info({ provider: request.params.provider, ...result }, 'transfer notification applied')
          return ok(result)
        } catch (error) {
          request.log.warn({ provider: request.params.provider, err: error }, 'transfer notification refused')
          throw error
        }
      },
    )
  }
  await app.register(notifyRoute)

  // Development and tests: play the partner and WeChat for a sandbox transfer (never in production).
  if (app.transfer.sandbox && !app.config.isProduction) {
    const sandbox = app.transfer.sandbox
    app.post(
      '/api/dev/transfers/complete',
      {
        schema: {
          summary:
            "Development only: the sandbox transfer provider notifies the outcome of a withdrawal's bill now (confirm | fail | expire)",
          querystring: devTransferQuery,
          response: { 200: envelope(z.object({ status: z.string(), notifyStatusCode: z.number() })) },
        },
      },
      async (request) => {
        const w = await findWithdrawal({ db: app.db, id: request.query.withdrawalId })
        if (!w || w.status !== WithdrawalStatus.confirming || !w.transferOutBillNo)
          throw createWithdrawalNotFoundError({ message: '没有待确认收款的转账' })
        const delivered = await sandbox.complete({ outBillNo: w.transferOutBillNo, amount: w.amount, result: request.query.result })
        const after = await findWithdrawal({ db: app.db, id: w.id })
        return ok({ status: after?.status ?? w.status, notifyStatusCode: delivered.statusCode })
      },
    )
  }

  app.post(
    `${base}/batchPay`,
    {
      preHandler: paySteppedUp,
      schema: {
        summary:
          '财务: pay several (JSON {items: [{id, transactionNo}]}), each in its own transaction; the report lists which failed and why',
        security: adminSecurity,
        consumes: ['application/json'],
        body: batchPayBody,
        response: { 200: envelope(batchReportSchema) },
      },
    },
    async (request) => ok(await batchPay({ db: app.db, items: request.body.items, actor: actorOf(request) })),
  )

  app.get(
    `${base}/export`,
    {
      preHandler: exporter,
      schema: {
        summary: "财务: the filtered withdrawals as .xlsx for a bank/WeChat batch payout file (streamed, in the list's order)",
        security: adminSecurity,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const { status, partnerId, dateFrom, dateTo, sort } = request.query
      const filter = { status, partnerId, range: dayRange({ from: dateFrom, to: dateTo }) }
      return sendXlsx<AdminWithdrawalRow>({
        reply,
        filename: '提现.xlsx',
        sheetName: '提现',
        rows: batches({ next: (last, limit) => exportWithdrawalsBatch({ db: app.db, filter, sort, last, limit }) }),
        columns: [
          { header: '提现编号', width: 10, value: (r) => r.w.id },
          { header: '合伙人姓名', width: 12, value: (r) => r.partnerName },
          { header: '手机号', width: 14, value: (r) => r.partnerPhone, mask: maskPhone },
          { header: '收款方式', width: 10, value: (r) => r.w.payoutType },
          { header: '收款人', width: 12, value: (r) => r.w.payoutName },
          { header: '收款账号', width: 24, value: (r) => r.w.payoutAccount, mask: maskAccount },
          { header: '金额（元）', width: 12, value: (r) => yuanCell(r.w.amount) },
          { header: '状态', width: 8, value: (r) => r.w.status },
          { header: '申请时间', width: 17, value: (r) => timeCell(r.w.createdAt) },
          { header: '交易流水号', width: 24, value: (r) => r.w.transactionNo },
        ],
      })
    },
  )
}
