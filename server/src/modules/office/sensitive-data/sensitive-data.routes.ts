import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, FORM_CONSUMES, ok } from '../../../lib/envelope.ts'
import { perIp } from '../../../lib/rate-limits.ts'
import { actorOf } from '../../platform/index.ts'
import { revealBody, revealedSchema } from './sensitive-data.schemas.ts'
import { REVEAL_RIGHTS, revealPhone } from './sensitive-data.service.ts'

/**
 * 查看完整手机号: the audited reveal of one phone a list masks (plugins/sensitive-data.ts masks the
 * lists of positions without data.reveal).
 */
export const sensitiveDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/api/bms/system/data'
  app.post(
    `${base}/reveal`,
    {
      // Whoever sees a list holding the phone may ask for it; the kind's own rights are checked in the service.
      preHandler: app.requireAdmin([...new Set(Object.values(REVEAL_RIGHTS).flat())]),
      config: perIp(60, 60),
      schema: {
        summary: 'Operator: one whole phone a list shows masked (138****0000); each reveal is in the audit log',
        security: [{ adminSession: [] }],
        consumes: FORM_CONSUMES,
        body: revealBody,
        response: { 200: envelope(revealedSchema) },
      },
    },
    async (request) => ok(await revealPhone({ db: app.db, actor: actorOf(request), ...request.body })),
  )
}
