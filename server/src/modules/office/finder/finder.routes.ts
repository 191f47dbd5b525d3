import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, ok } from '../../../lib/envelope.ts'
import { actorOf } from '../../platform/index.ts'
import { finderQuery, findingsSchema } from './finder.schemas.ts'
import { FINDER_RIGHTS, quickFind } from './finder.service.ts'

/** 快速查找: the console's finder (Ctrl K) looks people up by name or whole phone here; screens it finds itself. */
export const finderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/bms/system/finder/search',
    {
      preHandler: app.requireAdmin(Object.values(FINDER_RIGHTS)),
      schema: {
        summary:
          'Operator: up to 5 students, 5 partners and 5 clues by a part of the name or a whole phone, each kind when the position opens its list; an answer showing or implying a whole phone is in the audit log',
        security: [{ adminSession: [] }],
        querystring: finderQuery,
        response: { 200: envelope(findingsSchema) },
      },
    },
    async (request) => {
      const { findings, audited } = await quickFind({ db: app.db, actor: actorOf(request), q: request.query.q })
      // A search by a whole phone is a look-up (plugins/sensitive-data.ts counts it against the limit
      // and records it when answered); the finder's own entry names who was shown, so it is the one entry.
      if (audited) request.lookedUp = undefined
      return ok(findings)
    },
  )
}
