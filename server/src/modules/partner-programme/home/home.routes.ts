import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, ok, pageOf } from '../../../lib/envelope.ts'
import { maskPhone } from '../../../lib/mask.ts'
import { timeTypeRange } from '../../../lib/time-range.ts'
import { dealCountSchema, dealListQuery, dealSchema, homeSchema, positionSchema } from './home.schemas.ts'
import { dealCounts, home, listDeals, position } from './home.service.ts'

/** The partner's home summary, tier page (本周期档位) and deal page (成交单量). */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/ems/partner/partner'
  const common = { preHandler: app.requirePartner }
  const security = [{ partnerSession: [] }]

  app.get(
    `${base}/home`,
    {
      ...common,
      schema: {
        summary: 'Home summary: money, tier, deals, new clues, status, missing info',
        security,
        response: { 200: envelope(homeSchema) },
      },
    },
    async (request) => ok(await home({ db: app.db, partnerId: request.partnerId })),
  )

  app.get(
    `${base}/position`,
    {
      ...common,
      schema: { summary: "This cycle's tier: every level, current, deals, to next", security, response: { 200: envelope(positionSchema) } },
    },
    async (request) => ok(await position({ db: app.db, partnerId: request.partnerId })),
  )

  app.get(
    `${base}/dealCount`,
    { ...common, schema: { summary: 'Closed deals per time type', security, response: { 200: envelope(dealCountSchema) } } },
    async (request) => ok(await dealCounts({ db: app.db, partnerId: request.partnerId })),
  )

  app.get(
    `${base}/dealList`,
    {
      ...common,
      schema: {
        summary: 'Closed deals, newest first',
        security,
        querystring: dealListQuery,
        response: { 200: envelope(pageOf(dealSchema)) },
      },
    },
    async (request) => {
      const { timeType, page, size } = request.query
      const { rows, total } = await listDeals({
        db: app.db,
        partnerId: request.partnerId,
        range: timeType ? timeTypeRange(timeType) : undefined,
        page,
        size,
      })
      return ok({
        list: rows.map((c) => ({
          id: c.id,
          name: c.name,
          phone: maskPhone(c.phone),
          programme: c.programme,
          amount: c.amount,
          commission: c.commission,
          levelName: c.levelName,
          dealAt: c.dealAt?.toISOString() ?? null,
        })),
        total,
        page,
        size,
      })
    },
  )
}
