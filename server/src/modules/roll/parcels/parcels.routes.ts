import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../../lib/envelope.ts'
import { PUSH_ACCEPTED, PushRejectedError } from '../../../gateways/tracking/index.ts'
import { CARRIERS } from '../../../wire.ts'
import { actorOf, audited } from '../../platform/index.ts'
import { createNotSandboxError, createPushRejectedError, createTrackingOffError } from './parcels.errors.ts'
import {
  carriersSchema,
  consoleParcelDetailSchema,
  consoleParcelSchema,
  handleBody,
  idQuery,
  parcelListQuery,
  sandboxPushBody,
} from './parcels.schemas.ts'
import {
  handleParcelProblem,
  listParcels,
  parcelDetail,
  parcelForPush,
  receivePush,
  STUCK_DAYS,
  subscribeParcels,
} from './parcels.service.ts'

/**
 * Parcels under /api/ems/express: the console's waybills (运单) and exceptions queue (物流异常),
 * re-subscribing one, the sandbox's pushes, and the tracking provider's callback (notify/kuaidi100):
 * the signature checked, the push stored, then the provider's answer, in that order.
 */
export const parcelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/express'
  const security = [{ adminSession: [] }]
  const reader = app.requireAdmin('textbooks.view')
  const writer = app.requireAdmin('textbooks.edit')

  app.get(
    `${base}/carriers`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operators: the carriers a waybill may name, and whether tracking is the sandbox',
        security,
        response: { 200: envelope(carriersSchema) },
      },
    },
    async () => ok({ carriers: CARRIERS.map((c) => ({ ...c })), sandbox: app.tracking.provider === 'sandbox', stuckDays: STUCK_DAYS }),
  )

  app.get(
    `${base}/list`,
    {
      preHandler: reader,
      schema: {
        summary:
          'Operators: parcels (教材 and 积分商城), newest first; `queue=true`: the exceptions queue (unhandled 退签/疑难/无记录, or 停滞 with no track for days), oldest problem first',
        security,
        querystring: parcelListQuery,
        response: { 200: envelope(pageOf(consoleParcelSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query
      return ok(await listParcels({ db: app.db, filter, page, size }))
    },
  )

  app.get(
    `${base}/detail`,
    {
      preHandler: reader,
      schema: {
        summary: 'Operators: one parcel with its stored tracks',
        security,
        querystring: idQuery,
        response: { 200: envelope(consoleParcelDetailSchema) },
      },
    },
    async (request) => ok(await parcelDetail({ db: app.db, id: request.query.id })),
  )

  app.put(
    `${base}/handle`,
    {
      preHandler: writer,
      schema: {
        summary:
          "Operators: handle a parcel's problem with a note (audited): it leaves the queue until a new exception or days more without a track; none: 409",
        security,
        consumes: FORM_CONSUMES,
        body: handleBody,
        response: { 200: envelope(consoleParcelSchema) },
      },
    },
    async (request) => {
      const { id, note } = request.body
      const { problemHandled, ...parcel } = await audited({
        app,
        request,
        run: (tx) => handleParcelProblem({ db: tx, id, note, adminId: actorOf(request).id }),
        describe: (p) => ({
          action: 'parcel.exception.handle',
          entityType: 'parcel',
          entityId: id,
          summary: `处理包裹 ${p.carrierName} ${p.waybillNo}（${p.problemHandled}）：${note}`,
          after: { note },
        }),
      })
      void problemHandled
      return ok(parcel)
    },
  )

  app.post(
    `${base}/resubscribe`,
    {
      preHandler: writer,
      schema: {
        summary: 'Operators: subscribe a parcel with the tracking provider again (after a refusal), audited',
        security,
        consumes: FORM_CONSUMES,
        body: idQuery,
        response: { 200: envelope(consoleParcelDetailSchema) },
      },
    },
    async (request) => {
      const { id } = request.body
      if (app.tracking.provider === 'none') throw createTrackingOffError()
      const p = await parcelDetail({ db: app.db, id })
      await subscribeParcels({ db: app.db, tracking: app.tracking, ids: [id] })
      const after = await parcelDetail({ db: app.db, id })
      await audited({
        app,
        request,
        run: async () => after,
        describe: () => ({
          action: 'parcel.resubscribe',
          entityType: 'parcel',
          entityId: id,
          summary: `重新订阅包裹 ${p.carrierName} ${p.waybillNo}：${after.subscribeError ? `失败（${after.subscribeError}）` : '成功'}`,
        }),
      })
      return ok(after)
    },
  )

  app.post(
    `${base}/sandbox/push`,
    {
      preHandler: writer,
      schema: {
        summary:
          'Sandbox tracking only: the sandbox carrier pushes a step (揽收, 在途, 派件, 签收, 疑难, 退签) for a parcel, signed like the provider, through the callback',
        security,
        consumes: FORM_CONSUMES,
        body: sandboxPushBody,
        response: { 200: envelope(consoleParcelDetailSchema) },
      },
    },
    async (request) => {
      const { id, step } = request.body
      if (!app.tracking.push) throw createNotSandboxError()
      const { parcel, history } = await parcelForPush({ db: app.db, id })
      await app.tracking.push({ carrier: parcel.carrier, number: parcel.waybillNo, step, history })
      return ok(await parcelDetail({ db: app.db, id }))
    },
  )

  app.post(
    `${base}/notify/kuaidi100`,
    {
      schema: {
        summary:
          "The tracking provider's push (kuaidi100 form: param, sign = MD5(param + salt)): a bad signature is refused and stored nowhere; a good one is stored once (waybill and newest track time) and applied, then answered {result:true, returnCode:'200'}",
        consumes: FORM_CONSUMES,
        body: z.object({ param: z.string().optional(), sign: z.string().optional() }),
        response: { 200: z.object({ result: z.boolean(), returnCode: z.string(), message: z.string() }) },
      },
    },
    async (request, reply) => {
      let push
      try {
        push = app.tracking.parsePush(request.body)
      } catch (error) {
        if (!(error instanceof PushRejectedError)) throw error
        request.log.warn({ reason: error.message }, 'tracking push refused')
        // Any answer but success makes the provider push again; a forged push just gets our refusal.
        throw createPushRejectedError()
      }
      await receivePush({ db: app.db, push, body: request.body.param! })
      return reply.send(PUSH_ACCEPTED)
    },
  )
}
