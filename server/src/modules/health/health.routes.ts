import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ping } from '../../db/client.ts'
import { envelope, ok } from '../../lib/envelope.ts'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Health: the process answers and the database runs a query',
        tags: ['system'],
        response: { 200: envelope(z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) })) },
      },
    },
    async () => {
      await ping(app.db)
      return ok({ status: 'ok' as const, db: app.dbKind })
    },
  )
}
