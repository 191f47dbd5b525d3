import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, FORM_CONSUMES, ok, pageOf } from '../../lib/envelope.ts'
import { perIp } from '../../lib/rate-limits.ts'
import { timeTypeRange } from '../../lib/time-range.ts'
import { AdminRole } from '../../wire.ts'
import { assertActivityAcceptsClues } from '../activities/activities.service.ts'
import { createClueNotFoundError } from './clues.errors.ts'
import { createCluesRepository } from './clues.repository.ts'
import {
  activityClueBody,
  adminClueSchema,
  adminListQuery,
  createClueBody,
  dealBody,
  detailsQuery,
  followBody,
  invalidBody,
  partnerClueSchema,
  partnerListQuery,
} from './clues.schemas.ts'
import {
  createActivityClue,
  createPartnerClue,
  followClue,
  invalidateClue,
  recordDeal,
  toAdminClue,
  toPartnerClue,
} from './clues.service.ts'

/** Clues (招生线索): the partner's own list and entry, the public activity form, and the operator's work. */
export const cluesRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/partner/clue'
  const partnerSecurity = [{ partnerSession: [] }]
  const adminSecurity = [{ adminSession: [] }]
  const teacher = app.requireAdmin([AdminRole.enrollTeacher])

  app.get(
    `${base}/list`,
    {
      preHandler: app.requirePartner,
      schema: {
        summary: "The partner's own clues, newest first, phones masked",
        security: partnerSecurity,
        querystring: partnerListQuery,
        response: { 200: envelope(pageOf(partnerClueSchema)) },
      },
    },
    async (request) => {
      const { status, timeType, page, size } = request.query
      const { rows, total } = await createCluesRepository({ db: app.db }).listForPartner({
        partnerId: request.partnerId,
        status,
        range: timeType ? timeTypeRange(timeType) : undefined,
        page,
        size,
      })
      return ok({ list: rows.map(toPartnerClue), total, page, size })
    },
  )

  app.get(
    `${base}/details`,
    {
      preHandler: app.requirePartner,
      schema: {
        summary: "One of the partner's own clues",
        security: partnerSecurity,
        querystring: detailsQuery,
        response: { 200: envelope(partnerClueSchema) },
      },
    },
    async (request) => {
      const clue = await createCluesRepository({ db: app.db }).findById({ id: request.query.id })
      if (!clue || clue.partnerId !== request.partnerId) throw createClueNotFoundError()
      return ok(toPartnerClue(clue))
    },
  )

  app.post(
    base,
    {
      preHandler: app.requirePartner,
      schema: {
        summary: 'The partner records a clue (same phone within 90 days is refused)',
        security: partnerSecurity,
        consumes: FORM_CONSUMES,
        body: createClueBody,
        response: { 200: envelope(partnerClueSchema) },
      },
    },
    async (request) => ok(toPartnerClue(await createPartnerClue({ db: app.db, partnerId: request.partnerId, input: request.body }))),
  )

  app.post(
    `${base}/saveForActivity`,
    {
      config: perIp(10, 60),
      schema: {
        summary: 'Public activity form: a prospect leaves name and phone for the partner of `ref`',
        consumes: FORM_CONSUMES,
        body: activityClueBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const { ref, ...input } = request.body
      // A clue for an activity needs a published 招生活动 that is open now (activities module).
      if (input.activityId) await assertActivityAcceptsClues({ db: app.db, activityId: input.activityId })
      const clue = await createActivityClue({ db: app.db, ref, input })
      return ok({ id: clue.id })
    },
  )

  app.get(
    `${base}/listForAdmin`,
    {
      preHandler: teacher,
      schema: {
        summary: '招生老师/管理员: every clue, full phones',
        security: adminSecurity,
        querystring: adminListQuery,
        response: { 200: envelope(pageOf(adminClueSchema)) },
      },
    },
    async (request) => {
      const { status, timeType, partnerId, phone, page, size } = request.query
      const { rows, total } = await createCluesRepository({ db: app.db }).listWithPartner({
        filter: { partnerId, status, phone, range: timeType ? timeTypeRange(timeType) : undefined },
        page,
        size,
      })
      return ok({ list: rows.map((r) => toAdminClue(r.clue, r)), total, page, size })
    },
  )

  app.put(
    `${base}/follow`,
    {
      preHandler: teacher,
      schema: {
        summary: '招生老师: start following a clue (待跟进 -> 跟进中)',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: followBody,
        response: { 200: envelope(partnerClueSchema) },
      },
    },
    async (request) => ok(toPartnerClue(await followClue({ db: app.db, ...request.body }))),
  )

  app.put(
    `${base}/deal`,
    {
      preHandler: teacher,
      schema: {
        summary: "招生老师: record a deal (programme, amount in fen); credits the partner's commission at this cycle's tier",
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: dealBody,
        response: { 200: envelope(partnerClueSchema) },
      },
    },
    async (request) => ok(toPartnerClue(await recordDeal({ db: app.db, ...request.body, freezeDays: app.config.commissionFreezeDays }))),
  )

  app.put(
    `${base}/invalid`,
    {
      preHandler: teacher,
      schema: {
        summary: '招生老师: mark a clue invalid with a reason',
        security: adminSecurity,
        consumes: FORM_CONSUMES,
        body: invalidBody,
        response: { 200: envelope(partnerClueSchema) },
      },
    },
    async (request) => ok(toPartnerClue(await invalidateClue({ db: app.db, ...request.body }))),
  )
}
