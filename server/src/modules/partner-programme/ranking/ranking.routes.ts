import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, ok } from '../../../lib/envelope.ts'
import { rankingQuery, rankingSchema } from './ranking.schemas.ts'
import { ranking } from './ranking.service.ts'

/** 排行榜: partners ranked by deals in this cycle or the last one. */
export const rankingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ems/partner/partner/ranking',
    {
      preHandler: app.requirePartner,
      schema: {
        summary: "The cycle's top 50 partners by deals (ties: who got there first), names masked, and my own rank",
        security: [{ partnerSession: [] }],
        querystring: rankingQuery,
        response: { 200: envelope(rankingSchema) },
      },
    },
    async (request) => ok(await ranking({ db: app.db, partnerId: request.partnerId, cycle: request.query.cycle })),
  )
}
