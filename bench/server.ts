/**
 * `npm run bench:server`: requests/s and latency of the partner's hot calls against a
 * hello-world route measured in the same run, at 50 connections over 100 k clues and 1 k
 * partners, on embedded PGlite and on PostgreSQL (the private cluster of scripts/pg.sh).
 * Writes bench/results/server.json and server.md. BENCH_SECONDS (default 10) per route;
 * BENCH_DBS=pglite,postgres chooses the databases.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../server/src/db/client'
import { hashPassword } from '../server/src/lib/crypto'
import { ClueStatus, PartnerStatus } from '../src/wire'

const ROOT = path.resolve(__dirname, '..')
const RESULTS = path.join(ROOT, 'bench', 'results')
const SECONDS = Number(process.env.BENCH_SECONDS || 10)
const CONNECTIONS = 50
const PARTNERS = 1000
const CLUES = 100_000
const PASSWORD = 'bench1234'

export interface RouteResult {
  route: string
  path: string
  requestsPerSecond: number
  p50: number
  p99: number
  max: number
  errors: number
  non2xx: number
  ratioToHello: number
}

export interface DbResult {
  db: 'pglite' | 'postgres'
  seedSeconds: number
  peakRssMb: number
  routes: RouteResult[]
}

async function seed(env: Record<string, string>) {
  const started = Date.now()
  const database = await openDatabase({ url: env.DATABASE_URL, poolSize: 2, dataDir: env.DATA_DIR ?? '' })
  await database.migrate()
  const hash = await hashPassword(PASSWORD)
  const db = database.db
  await db.execute(sql`
    INSERT INTO partners (phone, password_hash, code, status, real_name, payout_type, payout_account, payout_name, school, major, discipline, intake_year, batch)
    SELECT '139' || lpad(i::text, 8, '0'), ${hash}, 'B' || lpad(i::text, 6, '0'), ${PartnerStatus.active}, '压测' || i, '支付宝', 'bench' || i || '@example.com', '压测' || i,
           '压测学校', '电子商务', '学历教育(大专)-电子商务(大专)', '2026', '1期'
    FROM generate_series(1, ${PARTNERS}) AS i`)
  const statuses = [ClueStatus.new, ClueStatus.following, ClueStatus.deal, ClueStatus.invalid]
  await db.execute(sql`
    INSERT INTO clues (partner_id, name, phone, source, status, created_at, updated_at)
    SELECT p.id, '线索' || i, '137' || lpad(i::text, 8, '0'), '合伙人录入',
           (ARRAY[${statuses[0]}, ${statuses[1]}, ${statuses[2]}, ${statuses[3]}])[1 + i % 4],
           now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second', now()
    FROM generate_series(1, ${CLUES}) AS i
    JOIN partners p ON p.code = 'B' || lpad((1 + i % ${PARTNERS})::text, 6, '0')`)
  await db.execute(sql`ANALYZE`)
  await database.close()
  return (Date.now() - started) / 1000
}

function startChild(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(path.join(__dirname, 'server-child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      RATE_LIMIT: 'false',
      SEED_DEMO: 'false',
      SMS_PROVIDER: 'local',
      LOGIN_GATEWAY: 'local',
      PAY_PROVIDER: 'none',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret',
      ADMIN_ACCOUNT: 'admin',
      ADMIN_PASSWORD: 'bench-admin-1234',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)))
    child.on('message', (m: { type: string; url?: string }) => {
      if (m.type === 'listening' && m.url) resolve({ child, url: m.url })
    })
  })
}

function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: { type: string } & T) => {
      if (m.type === type) {
        child.off('message', onMessage)
        resolve(m)
      }
    }
    child.on('message', onMessage)
    child.send({ type })
  })
}

async function signIn(url: string, phone: string): Promise<string> {
  const res = await fetch(`${url}/api/ems/partner/client/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ phone, password: PASSWORD }),
  })
  const body = (await res.json()) as { code: number; message: string }
  if (body.code !== 0) throw new Error(`sign-in failed: ${body.message}`)
  return (res.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ')
}

async function load(url: string, pathname: string, headers: Record<string, string>) {
  const result = await autocannon({ url: `${url}${pathname}`, connections: CONNECTIONS, duration: SECONDS, headers })
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

async function benchDb(db: 'pglite' | 'postgres'): Promise<DbResult> {
  const env: Record<string, string> = {}
  let cleanup = () => {}
  if (db === 'postgres') {
    const base = execFileSync('bash', [path.join(ROOT, 'scripts', 'pg.sh'), 'start'], { encoding: 'utf8' }).trim()
    const name = `bench_${Date.now()}`
    execFileSync('psql', [base, '-qc', `CREATE DATABASE ${name}`])
    env.DATABASE_URL = base.replace(/\/[^/]*$/, `/${name}`)
    env.DATABASE_POOL_SIZE = '20'
    cleanup = () => execFileSync('psql', [base, '-qc', `DROP DATABASE IF EXISTS ${name}`])
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'am-bench-'))
    env.DATA_DIR = path.join(dir, 'pglite')
    cleanup = () => fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    console.log(`[${db}] seeding ${PARTNERS} partners and ${CLUES} clues…`)
    const seedSeconds = await seed(env)
    const { child, url } = await startChild(env)
    try {
      const cookie = await signIn(url, '13900000001')
      const routes: Array<{ route: string; path: string; headers: Record<string, string> }> = [
        { route: 'hello-world', path: '/bench/hello', headers: {} },
        { route: 'clue list', path: '/api/ems/partner/clue/list?page=1&size=20', headers: { cookie } },
        { route: 'home summary', path: '/api/ems/partner/partner/home', headers: { cookie } },
      ]
      const results: RouteResult[] = []
      for (const r of routes) {
        console.log(`[${db}] ${r.route}: ${SECONDS} s at ${CONNECTIONS} connections`)
        const m = await load(url, r.path, r.headers)
        const hello = results[0]?.requestsPerSecond ?? m.requestsPerSecond
        results.push({ route: r.route, path: r.path, ...m, ratioToHello: Number((m.requestsPerSecond / hello).toFixed(3)) })
      }
      const { peakRss } = await ask<{ peakRss: number }>(child, 'memory')
      child.removeAllListeners('exit')
      child.send({ type: 'close' })
      await new Promise((r) => child.once('exit', r))
      return { db, seedSeconds, peakRssMb: Math.round(peakRss / 1024 / 1024), routes: results }
    } catch (error) {
      child.kill('SIGKILL')
      throw error
    }
  } finally {
    cleanup()
  }
}

export function markdown(results: DbResult[]): string {
  const lines = [
    `# Server benchmark`,
    '',
    `${CONNECTIONS} connections, ${SECONDS} s per route, ${PARTNERS} partners, ${CLUES} clues; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}.`,
    '',
    '| database | route | req/s | p50 ms | p99 ms | max ms | vs hello-world | errors | non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ]
  for (const r of results) {
    for (const x of r.routes) {
      lines.push(
        `| ${r.db} | ${x.route} | ${x.requestsPerSecond} | ${x.p50} | ${x.p99} | ${x.max} | ${(x.ratioToHello * 100).toFixed(1)} % | ${x.errors} | ${x.non2xx} |`,
      )
    }
    lines.push(`| ${r.db} | peak server memory | ${r.peakRssMb} MB | | | | | | |`)
  }
  return lines.join('\n') + '\n'
}

export async function runServerBench(): Promise<DbResult[]> {
  const dbs = (process.env.BENCH_DBS || 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>
  const results: DbResult[] = []
  for (const db of dbs) results.push(await benchDb(db))
  return results
}

if (require.main === module) {
  runServerBench()
    .then((results) => {
      fs.mkdirSync(RESULTS, { recursive: true })
      fs.writeFileSync(path.join(RESULTS, 'server.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2))
      const md = markdown(results)
      fs.writeFileSync(path.join(RESULTS, 'server.md'), md)
      console.log(`\n${md}`)
    })
    .catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
}
