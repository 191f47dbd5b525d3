import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cappedPageOf, envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { dayRange, timeTypeRange } from '../../../lib/time-range.ts'
import { actorOf } from '../../platform/index.ts'
import {
  adjustBody,
  adjustPreviewQuery,
  adjustPreviewSchema,
  adminLedgerEntrySchema,
  adminLedgerQuery,
  ledgerEntrySchema,
  ledgerQuery,
} from './ledger.schemas.ts'
import { adjustBalance, listAllLedger, listLedger, previewAdjustment, toLedgerEntry } from './ledger.service.ts'

/** Fund records (资金记录): the partner's own ledger, and operator adjustments. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/partner/withdrawalRecord'

  app.get(
    `${base}/ledger`,
    {
      preHandler: app.requirePartner,
      schema: {
        summary: "The partner's own fund records, newest first",
        security: [{ partnerSession: [] }],
        querystring: ledgerQuery,
        response: { 200: envelope(pageOf(ledgerEntrySchema)) },
      },
    },
    async (request) => {
      const { type, timeType, page, size } = request.query
      const { rows, total } = await listLedger({
        db: app.db,
        partnerId: request.partnerId,
        type,
        range: timeType ? timeTypeRange(timeType) : undefined,
        page,
        size,
      })
      const now = new Date()
      return ok({ list: rows.map((e) => toLedgerEntry(e, now)), total, page, size })
    },
  )

  app.post(
    `${base}/adjust`,
    {
      preHandler: [app.requireAdmin('ledger.adjust'), app.requireStepUp()],
      schema: {
        summary: '财务: adjust a partner balance (+/- fen, with a note)',
        security: [{ adminSession: [] }],
        consumes: FORM_CONSUMES,
        body: adjustBody,
        response: { 200: envelope(ledgerEntrySchema) },
      },
    },
    async (request) =>
      ok(toLedgerEntry(await adjustBalance({ db: app.db, ...request.body, adminId: request.admin.id, actor: actorOf(request) }))),
  )

  app.get(
    `${base}/ledgerForAdmin`,
    {
      preHandler: app.requireAdmin('ledger.view'),
      schema: {
        summary: "财务: every partner's fund records, newest (or oldest) first, by partner, type and date",
        security: [{ adminSession: [] }],
        querystring: adminLedgerQuery,
        response: { 200: envelope(cappedPageOf(adminLedgerEntrySchema)) },
      },
    },
    async (request) => {
      const { partnerId, type, dateFrom, dateTo, sort, page, size } = request.query
      const { rows, total, totalCapped } = await listAllLedger({
        db: app.db,
        filter: { partnerId, type, range: dayRange({ from: dateFrom, to: dateTo }) },
        sort,
        page,
        size,
      })
      const now = new Date()
      return ok({
        list: rows.map((r) => ({
          ...toLedgerEntry(r.entry, now),
          partnerId: r.entry.partnerId,
          partnerName: r.partnerName,
          partnerPhone: r.partnerPhone,
        })),
        total,
        totalCapped,
        page,
        size,
      })
    },
  )

  app.get(
    `${base}/adjustPreview`,
    {
      preHandler: app.requireAdmin('ledger.adjust'),
      schema: {
        summary: '财务: what an adjustment would do (balance after, allowed), without doing it',
        security: [{ adminSession: [] }],
        querystring: adjustPreviewQuery,
        response: { 200: envelope(adjustPreviewSchema) },
      },
    },
    async (request) => ok(await previewAdjustment({ db: app.db, ...request.query })),
  )
}
