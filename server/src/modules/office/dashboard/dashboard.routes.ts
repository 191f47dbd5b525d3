import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, ok } from '../../../lib/envelope.ts'
import { actorOf } from '../../platform/index.ts'
import { dashboardQuery, dashboardSchema } from './dashboard.schemas.ts'
import { dashboard } from './dashboard.service.ts'

/** The console's 工作台: what needs doing now, this cycle's figures and the last 30 days. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/bms/system/dashboard',
    {
      preHandler: app.requireAdmin('dashboard.view'),
      schema: {
        summary: 'Any operator: to-do counts by role, overdue next contacts, this cycle (month) and a 30-day daily trend',
        security: [{ adminSession: [] }],
        querystring: dashboardQuery,
        response: { 200: envelope(dashboardSchema) },
      },
    },
    async (request) => ok(await dashboard({ db: app.db, actor: actorOf(request), overdueLimit: request.query.overdueLimit ?? 10 })),
  )
}
