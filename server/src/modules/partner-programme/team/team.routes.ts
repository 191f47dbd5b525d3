import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, ok, pageOf } from '../../../lib/envelope.ts'
import { teamMemberSchema, teamQuery } from './team.schemas.ts'
import { myTeam } from './team.service.ts'

/** 我的团队: the partners the signed-in partner brought in. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ems/partner/partner/team',
    {
      preHandler: app.requirePartner,
      schema: {
        summary: 'Partners who registered with my share code, newest first: masked name and phone, review status, deals this cycle',
        security: [{ partnerSession: [] }],
        querystring: teamQuery,
        response: { 200: envelope(pageOf(teamMemberSchema)) },
      },
    },
    async (request) => ok(await myTeam({ db: app.db, partnerId: request.partnerId, ...request.query })),
  )
}
