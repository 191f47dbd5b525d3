import cluster from 'node:cluster'
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import fp from 'fastify-plugin'
import { createError } from '../lib/errors.ts'
import { Code, WithdrawalStatus } from '../wire.ts'
import { collectDefaultMetrics, Counter, Gauge, Histogram, register as globalRegistry, Registry } from 'prom-client'

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics port's address once listening (METRICS_PORT), for tests and logs. */
    metricsAddress?: () => AddressInfo | undefined
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** Compares a presented token with the configured one in constant time. */
function tokenMatches(presented: string | undefined, expected: string): boolean {
  if (!presented) return false
  const a = crypto.createHash('sha256').update(presented).digest()
  const b = crypto.createHash('sha256').update(expected).digest()
  return crypto.timingSafeEqual(a, b)
}

/**
 * Prometheus metrics, never public: `GET /metrics` on the main port answers only with
 * `Authorization: Bearer <METRICS_TOKEN>`, and/or a port of its own (METRICS_PORT, to keep behind
 * the firewall). Off when neither is set. In a cluster worker the metrics go to prom-client's
 * global registry, which the cluster primary aggregates on METRICS_PORT (cluster.ts).
 *
 * - http_requests_total{method,route,status} and http_request_duration_seconds{method,route}
 * - db_pool_connections{state} (PostgreSQL: total, idle, waiting, max)
 * - session_cache_lookups_total{result} (hit, miss), session_cache_live, session_cache_entries
 * - money_ledger_last_entry_id (all processes: its rate is the money writes per second),
 *   money_withdrawals_pending (count) and money_withdrawals_pending_fen
 * - process and Node.js defaults (CPU, memory, event-loop lag, handles)
 */
export const metricsPlugin = fp<{ token?: string; port?: number; host: string }>(
  async (app, { token, port, host }) => {
    if (!token && !port) return
    const inWorker = cluster.isWorker
    const registry = inWorker ? globalRegistry : new Registry()
    collectDefaultMetrics({ register: registry })

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route (the route pattern, "(unmatched)" for a 404) and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    })
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by route',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    })
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? '(unmatched)'
      requests.inc({ method: request.method, route, status: String(reply.statusCode) })
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000)
    })

    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, queries waiting for one, and the maximum',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = app.dbPoolStats()
        if (!stats) return
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value)
      },
    })

    const cache = app.sessions.cache
    new Counter({
      name: 'session_cache_lookups_total',
      help: 'Session lookups answered from memory (hit) or from the database (miss)',
      labelNames: ['result'] as const,
      registers: [registry],
      collect() {
        if (!cache) return
        this.reset()
        this.inc({ result: 'hit' }, cache.stats.hits)
        this.inc({ result: 'miss' }, cache.stats.misses)
      },
    })
    new Gauge({
      name: 'session_cache_live',
      help: '1 while the LISTEN connection that keeps the session cache true is up (0: every lookup goes to the database)',
      registers: [registry],
      aggregator: 'min',
      collect() {
        if (cache) this.set(cache.live ? 1 : 0)
      },
    })
    new Gauge({
      name: 'session_cache_entries',
      help: 'Sessions held in memory',
      registers: [registry],
      collect() {
        if (cache) this.set(cache.size)
      },
    })

    // Read from the database at scrape time (two indexed queries), so they hold for all processes.
    const lastEntry = new Gauge({
      name: 'money_ledger_last_entry_id',
      help: 'Highest ledger entry id (all processes): one more per money write, so rate() of it is money writes per second',
      registers: [registry],
      aggregator: 'max',
    })
    const pending = new Gauge({
      name: 'money_withdrawals_pending',
      help: 'Withdrawals waiting to be paid or refused',
      registers: [registry],
    })
    const pendingFen = new Gauge({
      name: 'money_withdrawals_pending_fen',
      help: 'Their total amount, in fen',
      registers: [registry],
      aggregator: 'max',
    })
    const collectMoney = async () => {
      const [row] = rowsOf<{ last: number | null; pending: number; pending_fen: number | null }>(
        await app.db.execute(sql`
          SELECT (SELECT max(id) FROM ledger_entries) AS last,
                 (SELECT count(*)::int FROM withdrawals WHERE status = ${WithdrawalStatus.applying}) AS pending,
                 (SELECT sum(amount)::bigint FROM withdrawals WHERE status = ${WithdrawalStatus.applying}) AS pending_fen`),
      )
      lastEntry.set(Number(row?.last ?? 0))
      pending.set(Number(row?.pending ?? 0))
      pendingFen.set(Number(row?.pending_fen ?? 0))
    }

    const render = async () => {
      await collectMoney().catch((error: unknown) => app.log.warn({ err: error }, 'metrics: reading the money figures failed'))
      return registry.metrics()
    }

    if (token) {
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        const header = request.headers.authorization
        const presented = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined
        if (!tokenMatches(presented, token)) {
          reply.header('www-authenticate', 'Bearer')
          throw createError({ key: 'metricsToken', code: Code.sessionInvalid, message: '需要运维令牌', statusCode: 401 })
        }
        return reply.type(registry.contentType).send(await render())
      })
    } else if (inWorker) {
      // The primary asks the workers over IPC (AggregatorRegistry); the money figures are fresh there.
      const timer = setInterval(() => void collectMoney().catch(() => {}), 15_000).unref()
      app.addHook('onReady', async () => void collectMoney().catch(() => {}))
      app.addHook('onClose', async () => clearInterval(timer))
    }

    if (port && !inWorker) {
      const server = http.createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
          res.writeHead(404).end()
          return
        }
        render().then(
          (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
          () => res.writeHead(500).end(),
        )
      })
      app.decorate('metricsAddress', () => (server.listening ? (server.address() as AddressInfo) : undefined))
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject)
          server.listen(port, host, () => resolve())
        })
      })
      app.addHook('onClose', async () => {
        server.closeAllConnections()
        await new Promise((resolve) => server.close(resolve))
      })
    }
  },
  { name: 'metrics', dependencies: ['database', 'sessions'] },
)
