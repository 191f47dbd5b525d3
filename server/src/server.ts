import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { type Config, loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { assertMoneyAddsUp } from './db/integrity.ts'
import {
  runStartupTasks,
  scheduleLiveReminders,
  scheduleMessageSweep,
  scheduleOverdueAttempts,
  scheduleSessionPurge,
  scheduleSignInRecordsPrune,
  scheduleStaleRefunds,
  scheduleApprovalReminders,
  scheduleAttendanceSweep,
} from './startup.ts'

/** After the delay (SHUTDOWN_DELAY_MS), how long a stop waits for the open connections to end (idle ones end at Node's 5 s keep-alive timeout). */
const DRAIN_MAX_MS = 6_000
/** How long a SIGTERM waits for the requests in flight and the database, after the drain, before the process exits anyway. */
const CLOSE_TIMEOUT_MS = 10_000

export interface StartServerOptions {
  config?: Config
  /** Overrides of the configured port/host (0 picks a free port). */
  port?: number
  host?: string
}

/** Opens and migrates the database, runs the start-up tasks (first admin, demo data), listens. */
export async function startServer(
  options: StartServerOptions = {},
): Promise<{ url: string; app: FastifyInstance; close: () => Promise<void> }> {
  const config = options.config ?? loadConfig()
  const database = await openDatabase(config.database)
  let app: FastifyInstance | undefined
  try {
    await database.migrate()
    // PGlite keeps the money in a local directory this process alone writes: after a crash or a
    // damaged disk, refuse to serve it unless every wallet still equals its ledger.
    if (database.kind === 'pglite') await assertMoneyAddsUp({ db: database.db, where: `the PGlite directory ${config.database.dataDir}` })
    app = await buildApp({ config, database })
    app.addHook('onClose', async () => database.close())
    scheduleSessionPurge({ app, db: database.db })
    scheduleSignInRecordsPrune({ app, db: database.db, keepDays: config.signInRecordsKeepDays })
    scheduleMessageSweep({ app, db: database.db })
    scheduleLiveReminders({ app, db: database.db })
    scheduleOverdueAttempts({ app, db: database.db })
    scheduleStaleRefunds({ app, db: database.db })
    scheduleApprovalReminders({ app, db: database.db })
    scheduleAttendanceSweep({ app, db: database.db })
    await app.ready()
    // N processes starting together must not each create the first operator or the demo data.
    await database.runAlone(() => runStartupTasks({ app: app!, config }))
    const url = await app.listen({ port: options.port ?? config.port, host: options.host ?? config.host })
    let closing: Promise<void> | undefined
    const close = async () => {
      await app!.drain({ delayMs: config.shutdownDelayMs, maxWaitMs: DRAIN_MAX_MS })
      await app!.close()
    }
    return { url, app, close: () => (closing ??= close()) }
  } catch (error) {
    if (app) await app.close()
    else await database.close()
    throw error
  }
}

/**
 * Starts the server and stops it gracefully on SIGTERM/SIGINT: no new connections, the requests
 * in flight (and any that reach an open connection meanwhile) answered, then the database pool
 * closed; exit 1 if that takes too long. Used by `npm run server` and by
 * each worker of `npm run start:cluster`.
 */
export function runServer(options: StartServerOptions = {}): void {
  startServer(options)
    .then(({ url, app, close }) => {
      app.log.info(`back-office listening on ${url} (API docs: ${url}/docs)`)
      const stop = (signal: string) => {
        app.log.info(`${signal}: closing`)
        const limit = app.config.shutdownDelayMs + DRAIN_MAX_MS + CLOSE_TIMEOUT_MS
        const timer = setTimeout(() => {
          app.log.error(`still closing after ${limit} ms: exiting`)
          process.exit(1)
        }, limit)
        timer.unref()
        close().then(
          () => process.exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, 'error while closing')
            process.exit(1)
          },
        )
      }
      process.once('SIGTERM', () => stop('SIGTERM'))
      process.once('SIGINT', () => stop('SIGINT'))
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      if (
        process.env.NODE_ENV !== 'production' &&
        error instanceof Error &&
        error.name !== 'ConfigError' &&
        error.name !== 'DataDirLockedError' &&
        error.name !== 'DatabaseUnusableError'
      ) {
        console.error(error.stack)
      }
      process.exit(1)
    })
}

if (require.main === module) runServer()
