import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { openPglite } from '../../src/db/client.ts'
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../helper.ts'
import { partnerToken, rowsOf, seedPartners, ServerProcess, walletsOffTheirLedger } from './support.ts'

/**
 * Graceful shutdown: SIGTERM while 24 clients keep calling (keep-alive connections, reads and
 * withdrawal applies). The process stops accepting, answers every request it had received, closes
 * the database and exits 0. Every request sent before the SIGTERM gets its real answer: no 5xx,
 * no reset connection. Requests sent after it are refused at connect (or answered).
 */
const CLIENTS = 24
const PARTNERS = 48

interface Outcome {
  sentAt: number
  doneAt: number
  status?: number
  error?: string
}

function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))
}

describe(`graceful shutdown under load (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let testDb: TestDatabase | undefined
  let dataDir: string | undefined
  let env: Record<string, string>
  let partnerIds: number[]
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-uploads-'))

  before(async () => {
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.SHUTDOWN_LOG ? 'info' : 'warn',
      RATE_LIMIT: 'off',
      SEED_DEMO: 'off',
      COMMISSION_FREEZE_DAYS: '0',
      H5_DIR: path.join(os.tmpdir(), 'activity-mobile-no-h5'),
      UPLOADS_DIR: uploads,
    }
    if (TEST_DATABASE_URL) {
      testDb = await createTestDatabase()
      partnerIds = await seedPartners(testDb.database.db, { count: PARTNERS, balance: 10_000_000 })
      env.DATABASE_URL = testDb.url!
      env.DATABASE_POOL_SIZE = '10'
    } else {
      dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-pglite-')), 'pglite')
      const database = await openPglite({ dataDir })
      await database.migrate()
      partnerIds = await seedPartners(database.db, { count: PARTNERS, balance: 10_000_000 })
      await database.close()
      env.DATA_DIR = dataDir
    }
  })
  after(async () => {
    await testDb?.dispose()
    if (dataDir) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true })
    fs.rmSync(uploads, { recursive: true, force: true })
  })

  test(
    'SIGTERM under load: every request sent before it is answered (no 5xx, no reset), the pool closes, exit 0',
    { timeout: 180_000 },
    async (t) => {
      const server = new ServerProcess(env)
      await server.start()
      const outcomes: Outcome[] = []
      let sigtermAt = Number.POSITIVE_INFINITY
      let stopClients = false
      const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!
      const client = async () => {
        while (!stopClients) {
          const id = pick(partnerIds)
          const apply = Math.random() < 0.5
          const outcome: Outcome = { sentAt: performance.now(), doneAt: 0 }
          try {
            const res = await fetch(`${server.url}${apply ? '/api/ems/partner/withdrawalRecord/apply' : '/api/ems/partner/partner/home'}`, {
              method: apply ? 'POST' : 'GET',
              headers: {
                cookie: `sid=${partnerToken(id)}`,
                ...(apply ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
              },
              body: apply ? `amount=1000&idempotencyKey=${crypto.randomUUID()}` : undefined,
              signal: AbortSignal.timeout(30_000),
            })
            await res.arrayBuffer()
            outcome.status = res.status
          } catch (error) {
            outcome.error = errorCode(error)
          }
          outcome.doneAt = performance.now()
          outcomes.push(outcome)
          // After the SIGTERM a client stops once it is refused.
          if (outcome.error && outcome.sentAt > sigtermAt) return
        }
      }
      const clients = Array.from({ length: CLIENTS }, client)
      await new Promise((r) => setTimeout(r, 1500))
      sigtermAt = performance.now()
      const inFlightAtSigterm = () => outcomes.filter((o) => o.sentAt < sigtermAt && o.doneAt > sigtermAt).length
      const exited = server.stop('SIGTERM')
      const { code, signal } = (await exited)!
      const exitedAt = performance.now()
      stopClients = true
      await Promise.all(clients)

      const before = outcomes.filter((o) => o.sentAt < sigtermAt)
      const afterwards = outcomes.filter((o) => o.sentAt >= sigtermAt)
      const fiveHundreds = before.filter((o) => (o.status ?? 0) >= 500)
      const failed = before.filter((o) => o.error)
      const summary =
        `${before.length} requests sent before SIGTERM, ${inFlightAtSigterm()} of them in flight at SIGTERM: ` +
        `${fiveHundreds.length} 5xx, ${failed.length} reset/failed; exit ${code ?? signal} ${Math.round(exitedAt - sigtermAt)} ms after SIGTERM; ` +
        `after SIGTERM: ${afterwards.filter((o) => o.status !== undefined && o.status < 500).length} answered, ` +
        `${afterwards.filter((o) => (o.status ?? 0) >= 500).length} 5xx, ` +
        `${afterwards.filter((o) => o.error).length} refused (${[...new Set(afterwards.map((o) => o.error).filter(Boolean))].join(', ') || 'none'})`
      t.diagnostic(summary)
      const rel = (o: Outcome) =>
        `${o.error ?? o.status} sent ${Math.round(o.sentAt - sigtermAt)} ms, done ${Math.round(o.doneAt - sigtermAt)} ms`
      if (failed.length > 0 || fiveHundreds.length > 0)
        t.diagnostic(`${[...failed, ...fiveHundreds].slice(0, 8).map(rel).join('; ')}\n${server.log}`)
      assert.ok(inFlightAtSigterm() > 0, `requests were in flight at SIGTERM: ${summary}`)
      assert.deepEqual(fiveHundreds, [], summary)
      assert.deepEqual(failed, [], summary)
      assert.equal(code, 0, server.log)

      // The pool is closed (no connection of the process is left) and the money adds up.
      if (testDb) {
        const left = rowsOf<{ n: number }>(
          await testDb.database.db.execute(
            sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
          ),
        )[0]!.n
        assert.equal(left, 0, 'connections of the stopped server')
        assert.deepEqual(await walletsOffTheirLedger(testDb.database.db), [])
      } else {
        assert.equal(fs.existsSync(path.join(dataDir!, 'server.lock')), false, 'the data directory lock is released')
        const database = await openPglite({ dataDir: dataDir! })
        try {
          assert.deepEqual(await walletsOffTheirLedger(database.db), [])
        } finally {
          await database.close()
        }
      }
    },
  )
})
