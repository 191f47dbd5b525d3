/**
 * One browser-test worker's back-office: a Node process that loads the server's modules once and
 * then runs `npm start`'s server (server/src/server.ts `startServer`, the same code over the same
 * built H5 app and console) for one test file after another, each with its own settings and its
 * own PostgreSQL database. Loading and compiling the modules is most of a start's CPU; a file's
 * start here is the app's own (routes, database check, start-up tasks). test/e2e/harness.ts
 * drives it over the IPC channel, one message a command:
 *   { start: { env } }  ->  { url } or { error }
 *   { stop: true }      ->  { stopped: true }
 * The server's log goes to stdout as `npm start`'s does.
 */
import { loadConfig } from '../../server/src/config'
import { startServer } from '../../server/src/server'

type Running = Awaited<ReturnType<typeof startServer>>
let running: Running | undefined

function reply(message: Record<string, unknown>): void {
  process.send?.(message)
}

async function stop(): Promise<void> {
  const app = running?.app
  running = undefined
  // The database is thrown away after: no drain, the open connections closed at once.
  app?.server.closeAllConnections()
  await app?.close()
}

async function start(env: Record<string, string>): Promise<void> {
  await stop()
  const config = loadConfig({ ...process.env, ...env })
  running = await startServer({ config, port: 0, host: '127.0.0.1' })
  reply({ url: running.url })
}

let queue = Promise.resolve()
process.on('message', (command: { start?: { env: Record<string, string> }; stop?: boolean }) => {
  queue = queue.then(async () => {
    try {
      if (command.start) await start(command.start.env)
      else {
        await stop()
        reply({ stopped: true })
      }
    } catch (error) {
      reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
    }
  })
})
// The worker has gone: close the server and its database pool, then leave.
process.on('disconnect', () => void queue.then(stop).finally(() => process.exit(0)))
