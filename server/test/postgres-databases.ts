/**
 * Test databases on a PostgreSQL server: a template made once (under an advisory lock, so the
 * processes that want it at once make it once), and a database per test file cloned from it in
 * milliseconds (`CREATE DATABASE … TEMPLATE`), dropped after. The server tests (helper.ts, on
 * DATABASE_URL) clone a migrated template; the tests that drive the whole product (browser tests
 * in test/e2e, mini-program tests in test/mini, on TEST_PG_URL: npm test sets it to its private
 * cluster, scripts/pg.sh) clone a template per server settings and run, made by a real start of
 * the server (migrations, first operator, demo data). Without a URL they use PGlite, as
 * `npm start` does.
 */
import crypto from 'node:crypto'
import pg from 'pg'

/** The PostgreSQL server to make test databases on, when there is one. */
export function testPostgresUrl(): string | undefined {
  return process.env.TEST_PG_URL || undefined
}

/** The server URL with another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/** Runs `fn` with a connection to the server's maintenance database. */
export async function onPostgres<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** A short name for a set of settings. */
export function settingsKey(settings: Record<string, string>): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(Object.entries(settings).sort(([a], [b]) => a.localeCompare(b))))
    .digest('hex')
    .slice(0, 16)
}

/**
 * The template database `name`, made by `make` if it does not exist yet: `make` gets the URL of an
 * empty database to fill (migrate, or start a server on and stop it), under an advisory lock
 * (another process making the same template waits for it); then it is only read as a template.
 */
export async function ensureTemplate(url: string, name: string, make: (databaseUrl: string) => Promise<void>): Promise<string> {
  return onPostgres(url, async (client) => {
    const exists = async () => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1
    if (await exists()) return name
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name])
    try {
      if (await exists()) return name
      const building = `${name}_building`
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`)
      await client.query(`CREATE DATABASE ${building}`)
      await make(withDatabase(url, building))
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`)
      return name
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name])
    }
  })
}

/**
 * The template database named after `settings` and this run (TEST_RUN_ID, so a later run with
 * other code or demo data makes its own), made once by `make` (ensureTemplate).
 */
export async function templateDatabase(
  url: string,
  prefix: string,
  settings: Record<string, string>,
  make: (databaseUrl: string) => Promise<void>,
): Promise<string> {
  return ensureTemplate(url, `${prefix}_tpl_${settingsKey({ ...settings, RUN: process.env.TEST_RUN_ID ?? '' })}`, make)
}

/** A new database cloned from `template`; two clones of one template at the same instant retry. */
export async function cloneDatabase(url: string, prefix: string, template: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  await onPostgres(url, async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
        return
      } catch (error) {
        if (attempt >= 50 || !/being accessed by other users/.test(String(error))) throw error
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 150))
      }
    }
  })
  return name
}

/** Drops a test database, closing what is still connected to it. */
export async function dropDatabase(url: string, name: string): Promise<void> {
  await onPostgres(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
}

/**
 * Drops the test databases an interrupted earlier run left (their names start with one of
 * `prefixes` and an underscore), and names this run's templates (TEST_RUN_ID).
 */
export async function startRun(url: string, prefixes: readonly string[]): Promise<void> {
  process.env.TEST_RUN_ID ||= crypto.randomBytes(4).toString('hex')
  await onPostgres(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database')
    for (const { datname } of rows) {
      if (prefixes.some((p) => datname.startsWith(`${p}_`))) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
    }
  })
}
