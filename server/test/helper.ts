import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { buildApp, type BuildAppOptions } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { databaseFromPglite, databaseFromPool, MIGRATIONS_DIR } from '../src/db/client.ts'
import type { Database, Executor } from '../src/db/types.ts'
import { cloneDatabase, dropDatabase, ensureTemplate, withDatabase } from './postgres-databases.ts'

/**
 * Test databases: a fresh database per test file, cloned from a template migrated once.
 * PGlite (default): the template is a data-directory dump in the temp dir, loaded in memory.
 * PostgreSQL (`DATABASE_URL`): `CREATE DATABASE ... TEMPLATE`, and the app gets a pool of ONE
 * connection, so a query that escapes its transaction deadlocks here instead of passing.
 */
export const TEST_DATABASE_URL = process.env.DATABASE_URL || undefined

/**
 * The `skip` option of a test whose subject does not depend on the database (the hostile-input
 * and access walks over the route table): `npm test` runs it once, on PostgreSQL, where it is
 * faster, instead of repeating it on PGlite.
 */
export const POSTGRES_RUN_ONLY: string | false = TEST_DATABASE_URL
  ? false
  : 'PostgreSQL run only (npm test runs it there; it does not depend on the database)'

function migrationsHash(): string {
  const hash = crypto.createHash('sha256')
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name)
      if (fs.statSync(full).isDirectory()) walk(full)
      else hash.update(name).update(fs.readFileSync(full))
    }
  }
  walk(MIGRATIONS_DIR)
  return hash.digest('hex').slice(0, 12)
}

async function pgliteTemplate(): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `activity-mobile-pglite-template-${migrationsHash()}.tar`)
  if (!fs.existsSync(file)) {
    const client = await PGlite.create()
    const database = databaseFromPglite({ client })
    await database.migrate()
    const dump = await client.dumpDataDir('none')
    await client.close()
    const tmp = `${file}.${process.pid}.tmp`
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()))
    fs.renameSync(tmp, file)
  }
  return fs.readFileSync(file)
}

async function postgresTemplate(url: string): Promise<string> {
  return ensureTemplate(url, `am_template_${migrationsHash()}`, async (databaseUrl) => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
    await databaseFromPool({ pool }).migrate()
    await pool.end()
  })
}

/** Builds the template once (the runner calls this before the test files start). */
export async function prepareTemplate(): Promise<void> {
  if (TEST_DATABASE_URL) await postgresTemplate(TEST_DATABASE_URL)
  else await pgliteTemplate()
}

export interface TestDatabase {
  database: Database
  kind: 'pglite' | 'postgres'
  /** PostgreSQL only: a URL to the same database, for a separate larger pool (concurrency tests). */
  url?: string
  dispose(): Promise<void>
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const dump = await pgliteTemplate()
    const client = await PGlite.create({ loadDataDir: new Blob([dump]), relaxedDurability: true })
    const database = databaseFromPglite({ client })
    return { database, kind: 'pglite', dispose: () => database.close() }
  }
  const name = await cloneDatabase(TEST_DATABASE_URL, 'am_test', await postgresTemplate(TEST_DATABASE_URL))
  const url = withDatabase(TEST_DATABASE_URL, name)
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  const database = databaseFromPool({ pool })
  return {
    database,
    kind: 'postgres',
    url,
    dispose: async () => {
      await database.close()
      await dropDatabase(TEST_DATABASE_URL, name)
    },
  }
}

/** The tests' uploads and storage: the run's own (server/test/run.ts), or a shared one for a file run alone. */
export const TEST_UPLOADS_DIR = process.env.TEST_UPLOADS_DIR ?? path.join(os.tmpdir(), 'activity-mobile-test-uploads')

/** Configuration for tests: quiet, no rate limits unless asked, local SMS and login gateway. */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    RATE_LIMIT: 'off',
    H5_DIR: path.join(os.tmpdir(), 'activity-mobile-no-h5'),
    ADMIN_DIR: path.join(os.tmpdir(), 'activity-mobile-no-admin'),
    UPLOADS_DIR: TEST_UPLOADS_DIR,
    PUBLIC_ORIGIN: 'https://partner.example.com',
    // Quiet, unless TEST_LOG_LEVEL asks (`TEST_LOG_LEVEL=error` shows the cause of an unexpected 500).
    ...(process.env.TEST_LOG_LEVEL ? { LOG_LEVEL: process.env.TEST_LOG_LEVEL } : {}),
    ...env,
  })
}

export interface TestApp {
  app: FastifyInstance
  testDb: TestDatabase
  close(): Promise<void>
}

/** The app over a fresh database; close it in `after`. */
export async function buildTestApp({
  env,
  ...options
}: { env?: Record<string, string> } & Omit<BuildAppOptions, 'database' | 'config'> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase()
  const app = await buildApp({ ...options, config: testConfig(env), database: testDb.database })
  await app.ready()
  return {
    app,
    testDb,
    close: async () => {
      await app.close()
      await testDb.dispose()
    },
  }
}

/** A cookie jar for one client: keeps Set-Cookie values across injected calls. */
export function createClient(app: FastifyInstance) {
  const jar = new Map<string, string>()
  // json's `any` default mirrors light-my-request's own signature, which the tests rely on.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = async (options: InjectOptions): Promise<LightMyRequestResponse & { body: string; json: <T = any>() => T }> => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const headers = { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) }
    const response = await app.inject({ ...options, headers })
    for (const c of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      if (c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name)
      else jar.set(c.name, c.value)
    }
    return response as never
  }
  const form = (payload?: Record<string, unknown>) => {
    const params = new URLSearchParams()
    for (const [k, v] of Object.entries(payload ?? {})) if (v !== undefined && v !== null) params.append(k, String(v))
    return params.toString()
  }
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
  return {
    jar,
    inject: call,
    get: (url: string, query?: Record<string, unknown>) => call({ method: 'GET', url: query ? `${url}?${form(query)}` : url }),
    del: (url: string, query?: Record<string, unknown>) => call({ method: 'DELETE', url: query ? `${url}?${form(query)}` : url }),
    post: (url: string, body?: Record<string, unknown>) => call({ method: 'POST', url, headers: FORM, payload: form(body) }),
    put: (url: string, body?: Record<string, unknown>) => call({ method: 'PUT', url, headers: FORM, payload: form(body) }),
  }
}
export type Client = ReturnType<typeof createClient>

/**
 * On PostgreSQL, a second app over a pool of 10 connections to the test database, so concurrent
 * requests really race; on PGlite (one transaction at a time) the test app itself. `close()` closes
 * the second app and its pool (nothing on PGlite).
 */
export async function openRaceApp(t: TestApp, options: Omit<BuildAppOptions, 'database' | 'config'> = {}) {
  if (!t.testDb.url) return { app: t.app, close: async () => {} }
  const pool = new pg.Pool({ connectionString: t.testDb.url, max: 10 })
  const app = await buildApp({ ...options, config: testConfig(), database: databaseFromPool({ pool }) })
  await app.ready()
  return {
    app,
    close: async () => {
      await app.close()
      await pool.end()
    },
  }
}

/**
 * On PostgreSQL, a database handle over a pool of `max` connections, so concurrent statements truly
 * race; on PGlite (one statement at a time) the test app's own. `close()` ends the pool.
 */
export function openWideDb(t: TestApp, max: number): { db: Executor; close: () => Promise<void> } {
  if (!t.testDb.url) return { db: t.app.db, close: async () => {} }
  const pool = new pg.Pool({ connectionString: t.testDb.url, max })
  return { db: databaseFromPool({ pool }).db, close: () => pool.end() }
}

/** The `data` of a 200 answer (read loosely, as the JSON it is, like the client's json()); fails on any other status. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function ok<T = any>(res: { statusCode: number; body: string; json: () => { data: T } }): T {
  assert.equal(res.statusCode, 200, res.body)
  return res.json().data
}

/** Asserts a refusal: the status, and the message when given (a string exactly, a pattern by match). */
export function refused(
  res: { statusCode: number; body: string; json: () => { message: string } },
  status: number,
  message?: string | RegExp,
): void {
  assert.equal(res.statusCode, status, res.body)
  if (typeof message === 'string') assert.equal(res.json().message, message)
  else if (message) assert.match(res.json().message, message)
}
