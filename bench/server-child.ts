/**
 * The server under benchmark: the real app (server/src/app.ts) plus a hello-world route for the
 * baseline, in its own process so autocannon does not share its event loop. Reports its peak
 * resident memory and its CPU time to the parent over IPC when asked.
 */
import { buildApp } from '../server/src/app'
import { loadConfig } from '../server/src/config'
import { openDatabase } from '../server/src/db/client'

async function main() {
  const config = loadConfig()
  const database = await openDatabase(config.database)
  await database.migrate()
  const app = await buildApp({ config, database })
  app.get('/bench/hello', { logLevel: 'silent' }, async () => ({ code: 0, message: 'ok', data: 'hello' }))
  app.addHook('onClose', async () => database.close())
  await app.ready()
  let peakRss = process.memoryUsage().rss
  setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100).unref()
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  process.send?.({ type: 'listening', url })
  process.on('message', async (m: { type: string }) => {
    if (m.type === 'memory') process.send?.({ type: 'memory', peakRss })
    if (m.type === 'cpu') {
      const { user, system } = process.cpuUsage()
      process.send?.({ type: 'cpu', micros: user + system })
    }
    if (m.type === 'close') {
      await app.close()
      process.exit(0)
    }
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
