import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { DatabaseUnusableError } from './integrity.ts'
import { acquireDirLock } from './lock.ts'
import { withPreparedStatements } from './pglite-statements.ts'
import * as schema from './schema.ts'
import type { Database, Executor, NotificationHandlers } from './types.ts'

export const MIGRATIONS_DIR = path.resolve(__dirname, '..', '..', 'drizzle')

// bigint columns come back as strings from node-postgres; ours are fen amounts well inside 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10))

/** An open PGlite instance (the default, embedded). */
export function databaseFromPglite({ client, release }: { client: PGlite; release?: () => void }): Database {
  const db = drizzlePglite({ client: withPreparedStatements(client), schema }) as unknown as Executor
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR })
    },
    listen: async (channel, { onMessage, onLive }) => {
      // In-process: PGlite calls back when a statement that notified commits.
      const unlisten = await client.listen(channel, onMessage)
      onLive(true)
      return async () => {
        onLive(false)
        if (!client.closed) await unlisten()
      }
    },
    runAlone: (fn) => fn(),
    poolStats: () => undefined,
    close: async () => {
      try {
        if (!client.closed) await client.close()
      } finally {
        release?.()
      }
    },
  }
}

/** A pg.Pool over PostgreSQL (`DATABASE_URL`). */
export function databaseFromPool({ pool }: { pool: pg.Pool }): Database {
  // An idle client that dies (server restart, dropped database) must not crash the process; the
  // pool replaces it, and queries in flight still fail loudly.
  if (pool.listenerCount('error') === 0) pool.on('error', () => {})
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Executor
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // An advisory lock so processes starting together migrate one at a time.
      const client = await pool.connect()
      try {
        await client.query('SELECT pg_advisory_lock(727274)')
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR })
        } finally {
          await client.query('SELECT pg_advisory_unlock(727274)')
        }
      } finally {
        client.release()
      }
    },
    listen: (channel, handlers) => listenOnPostgres({ options: pool.options, channel, handlers }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
    runAlone: async (fn) => {
      // Its own client, not one of the pool's: `fn` queries through the pool meanwhile.
      const client = new pg.Client(pool.options)
      await client.connect()
      try {
        await client.query('SELECT pg_advisory_lock(727275)')
        return await fn()
      } finally {
        await client.end().catch(() => {})
      }
    },
    close: async () => {
      await pool.end()
    },
  }
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). When it drops, the
 * handlers hear `onLive(false)` at once and it reconnects every second until stopped.
 */
async function listenOnPostgres({
  options,
  channel,
  handlers: { onMessage, onLive },
}: {
  options: pg.ClientConfig
  channel: string
  handlers: NotificationHandlers
}): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`listen: channel name ${channel} is not a plain identifier`)
  let current: pg.Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const again = () => {
    if (!stopped) retry = setTimeout(connect, 1000).unref()
  }
  async function connect() {
    const client = new pg.Client(options)
    client.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '')
    })
    client.on('error', () => {}) // followed by 'end'
    client.on('end', () => {
      if (current !== client) return
      current = undefined
      onLive(false)
      again()
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${channel}`)
    } catch {
      client.end().catch(() => {})
      again()
      return
    }
    if (stopped) {
      await client.end().catch(() => {})
      return
    }
    current = client
    onLive(true)
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    const client = current
    current = undefined
    onLive(false)
    await client?.end().catch(() => {})
  }
}

export async function openPglite({ dataDir }: { dataDir: string }): Promise<Database> {
  // PGlite does not create parent directories.
  fs.mkdirSync(dataDir, { recursive: true })
  const release = acquireDirLock(dataDir)
  let client: PGlite
  try {
    client = await PGlite.create({ dataDir })
  } catch (error) {
    release()
    // A damaged directory makes PGlite fail to start ("failed to initialize properly") or abort.
    throw new DatabaseUnusableError(
      `Refusing to start: the PGlite database directory ${dataDir} could not be opened (${error instanceof Error ? error.message : String(error)}). ` +
        'It may be damaged. Restore it from a backup, or move it away to start with an empty database; the server will not start on it.',
    )
  }
  return databaseFromPglite({ client, release })
}

export function openPostgres({ url, poolSize }: { url: string; poolSize: number }): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  return databaseFromPool({ pool })
}

/** Opens the configured database: PostgreSQL when a URL is given, PGlite in `dataDir` otherwise. */
export async function openDatabase({ url, poolSize, dataDir }: { url?: string; poolSize: number; dataDir: string }): Promise<Database> {
  return url ? openPostgres({ url, poolSize }) : openPglite({ dataDir })
}

export async function ping(db: Executor): Promise<void> {
  await db.execute(sql`select 1`)
}
