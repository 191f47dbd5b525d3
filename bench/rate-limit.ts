/**
 * `node --import tsx bench/rate-limit.ts`: what one limited request costs with the per-IP limiter
 * of @fastify/rate-limit counting in this process's memory (the plugin's LocalStore, as before
 * issue 16) and in the database (rate_limit_hits, shared by every process), against no limiter.
 * A one-route Fastify app, injected calls (no sockets), 20 at a time, 200 IPs; CPU per request
 * of this process, and of the PostgreSQL cluster's processes (PGTEST_DIR's postmaster and its
 * children) on PostgreSQL. On PGlite by default; on PostgreSQL when DATABASE_URL is set (as the
 * server tests). BENCH_REQUESTS (default 4000).
 */
import rateLimit from '@fastify/rate-limit'
import Fastify from 'fastify'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { databaseFromPglite, databaseFromPool } from '../server/src/db/client'
import type { Database } from '../server/src/db/types'
import { createDatabaseStore } from '../server/src/modules/platform'
import { clusterCpuMicros } from './pg-cpu'
import { machineLoad } from './stats'

const REQUESTS = Number(process.env.BENCH_REQUESTS || 4000)

/** A fresh migrated database: PGlite in memory, or a new database on DATABASE_URL's server (pool of 10). */
async function freshDatabase(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const database = databaseFromPglite({ client: await PGlite.create() })
    await database.migrate()
    return { database, dispose: () => database.close() }
  }
  const name = `bench_rate_limit_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const u = new URL(url)
  u.pathname = `/${name}`
  const database = databaseFromPool({ pool: new pg.Pool({ connectionString: u.toString(), max: 10 }) })
  await database.migrate()
  return {
    database,
    dispose: async () => {
      await database.close()
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    },
  }
}

async function measure(variant: 'none' | 'memory' | 'database', db: 'pglite' | 'postgres') {
  const testDb = await freshDatabase()
  const app = Fastify()
  if (variant !== 'none')
    await app.register(rateLimit, {
      global: false,
      ...(variant === 'database' ? { store: createDatabaseStore({ db: testDb.database.db }) } : {}),
    })
  app.post('/limited', { config: variant === 'none' ? {} : { rateLimit: { max: 1_000_000, timeWindow: 60_000 } } }, async () => ({
    ok: true,
  }))
  await app.ready()
  const call = (i: number) => app.inject({ method: 'POST', url: '/limited', remoteAddress: `10.1.${i % 200}.1` })
  for (let i = 0; i < 200; i++) await call(i) // warm up: every IP has its row
  const cpu = process.cpuUsage()
  const pgBefore = db === 'postgres' ? clusterCpuMicros() : 0
  const started = process.hrtime.bigint()
  let statuses = 0
  for (let i = 0; i < REQUESTS; i += 20) {
    const batch = await Promise.all(Array.from({ length: 20 }, (_, j) => call(i + j)))
    statuses += batch.filter((r) => r.statusCode === 200).length
  }
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6
  const used = process.cpuUsage(cpu)
  const pgUs = db === 'postgres' ? clusterCpuMicros() - pgBefore : undefined
  await app.close()
  await testDb.dispose()
  if (statuses !== REQUESTS) throw new Error(`${variant}: ${REQUESTS - statuses} calls were not answered 200`)
  return {
    db,
    variant,
    serverCpuUsPerRequest: Math.round((used.user + used.system) / REQUESTS),
    postgresCpuUsPerRequest: pgUs === undefined ? undefined : Math.round(pgUs / REQUESTS),
    requestsPerSecond: Math.round(REQUESTS / (wallMs / 1000)),
  }
}

async function main() {
  const db = process.env.DATABASE_URL ? 'postgres' : 'pglite'
  machineLoad('rate-limit')
  const rows = []
  for (const variant of ['none', 'memory', 'database'] as const) rows.push(await measure(variant, db))
  console.table(rows)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
