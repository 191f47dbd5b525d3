/**
 * `npm run start:cluster`: N API processes on one port over one PostgreSQL (node's cluster
 * module: the primary accepts connections and hands them to the workers in turn). Every worker is
 * the ordinary server (server.ts): sessions, rate limits, codes and money live in the database and
 * the session cache is invalidated by NOTIFY, so the workers are interchangeable.
 *
 * N is CLUSTER_WORKERS, else WEB_CONCURRENCY, else the CPUs available. A worker that dies is
 * started again (after a pause growing to 30 s when it keeps dying at start). SIGTERM/SIGINT on
 * the primary stop every worker gracefully (server.ts) and then the primary.
 *
 * PGlite is one process by design (the data directory is locked by the process that opens it):
 * the cluster refuses to start without DATABASE_URL.
 */
import cluster, { type Worker } from 'node:cluster'
import http from 'node:http'
import os from 'node:os'
import { AggregatorRegistry } from 'prom-client'
import { type Config, ConfigError, loadConfig } from './config.ts'
import { runServer } from './server.ts'

const STOP_TIMEOUT_MS = 30_000
const say = (line: string) => process.stderr.write(`[cluster ${process.pid}] ${line}\n`)

/** The number of workers from the environment; throws a ConfigError naming the bad variable. */
export function workerCount(env: Record<string, string | undefined> = process.env): number {
  for (const name of ['CLUSTER_WORKERS', 'WEB_CONCURRENCY']) {
    const raw = env[name]?.trim()
    if (!raw) continue
    const n = Number(raw)
    if (!Number.isInteger(n) || n < 1 || n > 64) throw new ConfigError(`${name} must be a whole number from 1 to 64 (it is "${raw}")`)
    return n
  }
  return os.availableParallelism()
}

/** METRICS_PORT on the primary: every worker's metrics, summed (prom-client asks them over IPC). */
function serveClusterMetrics({ port, host }: { port: number; host: string }) {
  const registry = new AggregatorRegistry()
  http
    .createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404).end()
        return
      }
      registry.clusterMetrics().then(
        (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
        () => res.writeHead(500).end(),
      )
    })
    .listen(port, host, () => say(`metrics of every worker on http://${host}:${port}/metrics`))
    .unref()
}

function primary() {
  let count: number
  let config: Config
  try {
    config = loadConfig()
    if (!config.database.url)
      throw new ConfigError(
        'npm run start:cluster needs DATABASE_URL (PostgreSQL): the embedded PGlite database is one directory that one process opens. ' +
          'Use `npm start` for a single process on PGlite.',
      )
    count = workerCount()
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }

  let stopping = false
  const startedAt = new Map<number, number>()
  let quickDeaths = 0
  const fork = () => {
    const worker = cluster.fork()
    startedAt.set(worker.id, Date.now())
  }

  // A worker answers from here on (what a deployment, and the cluster test, wait for).
  cluster.on('listening', (worker: Worker) => say(`worker ${worker.process.pid} listening`))

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now())
    startedAt.delete(worker.id)
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        say('every worker stopped')
        process.exit(0)
      }
      return
    }
    // A worker that keeps dying at start (the database is down, a bad setting) is retried more
    // and more slowly rather than in a tight loop.
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0
    const pause = Math.min(30_000, quickDeaths === 0 ? 0 : 1000 * 2 ** (quickDeaths - 1))
    say(
      `worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}) after ${Math.round(lived / 1000)} s: starting another${pause ? ` in ${pause / 1000} s` : ''}`,
    )
    setTimeout(fork, pause)
  })

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined)
    say(`${signal}: stopping ${workers.length} worker(s)`)
    if (workers.length === 0) process.exit(0)
    for (const worker of workers) worker.process.kill('SIGTERM')
    setTimeout(() => {
      say(`workers still running after ${STOP_TIMEOUT_MS / 1000} s: killing them`)
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
      process.exit(1)
    }, STOP_TIMEOUT_MS).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))

  if (config.metrics.port) serveClusterMetrics({ port: config.metrics.port, host: config.host })
  say(`starting ${count} worker(s)`)
  for (let i = 0; i < count; i++) fork()
}

if (cluster.isPrimary) primary()
else {
  // The primary stops the workers with SIGTERM; a Ctrl-C reaches the whole process group, and
  // the primary's own SIGTERM follows: server.ts closes once.
  runServer()
}
