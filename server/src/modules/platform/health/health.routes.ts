import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ping } from '../../../db/client.ts'
import { envelope, ok } from '../../../lib/envelope.ts'
import { Code } from '../../../wire.ts'

/** How long the readiness check waits for the database before calling it down. */
const READY_DB_TIMEOUT_MS = 2000

const readiness = z.object({
  status: z.enum(['ready', 'not ready']),
  db: z.enum(['up', 'down']),
  listen: z.enum(['up', 'down', 'off']).describe('The LISTEN connection that keeps the session cache true; off without the cache'),
  draining: z.boolean().describe('A stop (SIGTERM) began: this process takes no new work'),
})

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Health: the process answers and the database runs a query',
        response: { 200: envelope(z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) })) },
      },
    },
    async () => {
      await ping(app.db)
      return ok({ status: 'ok' as const, db: app.dbKind })
    },
  )

  // Liveness is /api/health (the process answers). Readiness is for the load balancer: send this
  // process traffic only while its database and its change feed are up and it is not stopping.
  app.get(
    '/api/health/ready',
    {
      schema: {
        summary: 'Readiness: 200 while the database answers, the LISTEN connection is up and no stop began; 503 otherwise',
        response: { 200: envelope(readiness), 503: envelope(readiness) },
      },
    },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined
      const db = await Promise.race([
        ping(app.db).then(() => 'up' as const),
        new Promise<'down'>((resolve) => (timer = setTimeout(() => resolve('down'), READY_DB_TIMEOUT_MS))),
      ])
        .catch(() => 'down' as const)
        .finally(() => clearTimeout(timer))
      const cache = app.sessions.cache
      const listen = !cache ? ('off' as const) : cache.live ? ('up' as const) : ('down' as const)
      const draining = app.isDraining()
      const ready = db === 'up' && listen !== 'down' && !draining
      const data = { status: ready ? ('ready' as const) : ('not ready' as const), db, listen, draining }
      if (ready) return ok(data)
      return reply.code(503).send({ code: Code.unavailable, message: '服务暂不可用', data })
    },
  )
}
