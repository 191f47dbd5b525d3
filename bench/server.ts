/**
 * `npm run bench:server`: requests/s and latency of the partner's hot calls against a
 * hello-world route measured in the same run, at 50 connections over 100 k clues and 1 k
 * partners, on embedded PGlite and on PostgreSQL (the private cluster of scripts/pg.sh).
 * Then withdrawal apply: one request per partner (each with a balance and a session), a fresh
 * idempotency key each, so every request is a real apply (a second apply of a partner would meet
 * the one-pending rule: such refusals are counted as 4xx).
 * Writes bench/results/server.json and server.md. BENCH_SECONDS (default 10) per route;
 * BENCH_DBS=pglite,postgres chooses the databases; BENCH_ROUTES='clue list,home summary' the routes
 * ('console clue list' and 'dashboard' are the operator console's, over 1 M ledger entries: BENCH_LEDGER)
 * (hello-world always runs, as the baseline; 'withdrawal apply' included); BENCH_NODE_ARGS adds
 * Node options to the server process (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../server/src/db/client'
import { hashPassword } from '../server/src/lib/crypto'
import { ClueStatus, PartnerStatus } from '@activity/wire'
import { clusterCpuMicros } from './pg-cpu'
import { BENCH_OPERATOR, cookieOf } from './session'
import { machineLoad } from './stats'

const ROOT = path.resolve(__dirname, '..')
const RESULTS = path.join(ROOT, 'bench', 'results')
const SECONDS = Number(process.env.BENCH_SECONDS || 10)
const CONNECTIONS = 50
const PARTNERS = 1000
const CLUES = 100_000
/** Ledger entries across partners (the console's ledger and the dashboard's commission figures). */
const LEDGER_ENTRIES = Number(process.env.BENCH_LEDGER || 1_000_000)
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
  /** CPU time per request, µs: the server process, and PostgreSQL's processes (postgres only). */
  serverCpuUs: number
  postgresCpuUs?: number
}

export interface DbResult {
  db: 'pglite' | 'postgres'
  /** The machine's 1-minute load average when this database's runs began. */
  loadAverage: number
  seedSeconds: number
  peakRssMb: number
  routes: RouteResult[]
  withdrawalApply?: ApplyResult
}

export interface ApplyResult {
  requests: number
  requestsPerSecond: number
  p50: number
  p99: number
  max: number
  status2xx: number
  status4xx: number
  other: number
  /** Withdrawals recorded and ledger sums that differ from wallet balances after the run. */
  withdrawalsRecorded: number
  walletMismatches: number
}

/** Each bench partner's balance before the withdrawal run (an adjustment entry), fen. */
const BENCH_BALANCE = 100_000
const APPLY_AMOUNT = 1_000
const sessionToken = (partnerId: number) => `bench-session-${partnerId}`
/** Operator sessions of the console's routes (cookie asid = this token). */
const operatorToken = (account: string) => `bench-operator-${account}`

export async function seed(env: Record<string, string>) {
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
  // Console operators: a 管理员 and three 招生老师, with known session tokens.
  await db.execute(sql`
    INSERT INTO admins (account, name, password_hash, position_id)
    SELECT a.account, a.name, ${hash}, p.id
    FROM (VALUES ('bench_admin', '压测管理员', '管理员'), ('bench_t1', '压测老师1', '招生老师'),
                 ('bench_t2', '压测老师2', '招生老师'), ('bench_t3', '压测老师3', '招生老师')) AS a(account, name, position)
    JOIN positions p ON p.name = a.position`)
  await db.execute(sql`
    INSERT INTO sessions (token_hash, kind, admin_id, expires_at)
    SELECT encode(sha256(convert_to('bench-operator-' || account, 'UTF8')), 'hex'), 'admin', id, now() + interval '30 days'
    FROM admins WHERE account LIKE 'bench_%'`)
  const statuses = [ClueStatus.new, ClueStatus.following, ClueStatus.deal, ClueStatus.invalid]
  // A quarter of the clues in the pool, the rest spread over the three teachers; open ones touched
  // when created, a tenth of the 跟进中 ones with a next contact time around now; deals dated.
  await db.execute(sql`
    INSERT INTO clues (partner_id, name, phone, source, status, assignee_id, deal_at, last_touched_at, next_contact_at, created_at, updated_at)
    SELECT p.id, '线索' || i, '137' || lpad(i::text, 8, '0'), '合伙人录入',
           (ARRAY[${statuses[0]}, ${statuses[1]}, ${statuses[2]}, ${statuses[3]}])[1 + i % 4],
           (SELECT id FROM admins WHERE account = 'bench_t' || (i / 4 % 4)),
           CASE WHEN i % 4 = 2 THEN now() - (i % 365) * interval '1 day' END,
           now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second',
           CASE WHEN i % 40 = 1 THEN now() + ((i % 20) - 10) * interval '1 day' END,
           now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second', now()
    FROM generate_series(1, ${CLUES}) AS i
    JOIN partners p ON p.code = 'B' || lpad((1 + i % ${PARTNERS})::text, 6, '0')`)
  // The ledger's history: commission and adjustment pairs that cancel out per partner (so the
  // wallets still equal their ledgers), spread over the last year.
  await db.execute(sql`
    INSERT INTO ledger_entries (partner_id, type, amount, balance_after, note, created_at)
    SELECT p.id, CASE WHEN i % 2 = 0 THEN '佣金' ELSE '调整' END, CASE WHEN i % 2 = 0 THEN 100 ELSE -100 END, ${BENCH_BALANCE},
           'bench history', now() - (i / 2 % 365) * interval '1 day' - interval '1 hour'
    FROM generate_series(0, ${LEDGER_ENTRIES} - 1) AS i
    JOIN partners p ON p.code = 'B' || lpad((1 + i / 2 % ${PARTNERS})::text, 6, '0')`)
  // Withdrawal apply: every partner gets a balance (one adjustment entry, so the ledger sums to
  // the wallet) and a session whose token is known (sid = bench-session-<id>).
  await db.execute(sql`
    INSERT INTO wallets (partner_id, balance) SELECT id, ${BENCH_BALANCE} FROM partners WHERE code LIKE 'B%'`)
  await db.execute(sql`
    INSERT INTO ledger_entries (partner_id, type, amount, balance_after, note, ref_type)
    SELECT id, '调整', ${BENCH_BALANCE}, ${BENCH_BALANCE}, 'bench balance', 'admin' FROM partners WHERE code LIKE 'B%'`)
  await db.execute(sql`
    INSERT INTO sessions (token_hash, kind, partner_id, expires_at)
    SELECT encode(sha256(convert_to('bench-session-' || id, 'UTF8')), 'hex'), 'user', id, now() + interval '30 days'
    FROM partners WHERE code LIKE 'B%'`)
  // A database in service has been vacuumed (autovacuum): visibility maps set, so counts are index-only.
  await db.execute(sql`VACUUM ANALYZE`)
  await database.close()
  return (Date.now() - started) / 1000
}

async function partnerIds(env: Record<string, string>): Promise<number[]> {
  const database = await openDatabase({ url: env.DATABASE_URL, poolSize: 1, dataDir: env.DATA_DIR ?? '' })
  try {
    const rows = await database.db.execute<{ id: number }>(sql`SELECT id FROM partners WHERE code LIKE 'B%' ORDER BY id`)
    return (rows as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id))
  } finally {
    await database.close()
  }
}

async function moneyCheck(env: Record<string, string>): Promise<{ withdrawals: number; mismatches: number }> {
  const database = await openDatabase({ url: env.DATABASE_URL, poolSize: 1, dataDir: env.DATA_DIR ?? '' })
  try {
    const rows = (await database.db.execute(sql`
      SELECT (SELECT count(*) FROM withdrawals)::int AS withdrawals,
             (SELECT count(*) FROM wallets w
               WHERE w.balance <> (SELECT coalesce(sum(amount), 0) FROM ledger_entries e WHERE e.partner_id = w.partner_id))::int AS mismatches`)) as unknown as {
      rows: Array<{ withdrawals: number; mismatches: number }>
    }
    return rows.rows[0]!
  } finally {
    await database.close()
  }
}

interface CannonApplyOptions {
  url: string
  connections: number
  amount: number
  requests: Array<{ method: string; path: string; setupRequest: (req: Record<string, unknown>) => Record<string, unknown> }>
}
interface CannonApplyResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; max: number }
  errors: number
  timeouts: number
  '2xx': number
  '4xx': number
  '5xx': number
}

/** One apply per partner, cycling through them, each with a fresh idempotency key. */
async function loadApply(url: string, ids: number[]): Promise<Omit<ApplyResult, 'withdrawalsRecorded' | 'walletMismatches'>> {
  let next = 0
  const started = process.hrtime.bigint()
  const run = (autocannon as unknown as (o: CannonApplyOptions) => Promise<CannonApplyResult>)({
    url,
    connections: CONNECTIONS,
    amount: ids.length,
    requests: [
      {
        method: 'POST',
        path: '/api/ems/partner/withdrawalRecord/apply',
        setupRequest: (req) => {
          const i = next++
          const partnerId = ids[i % ids.length]!
          return {
            ...req,
            headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `sid=${sessionToken(partnerId)}` },
            body: new URLSearchParams({ amount: String(APPLY_AMOUNT), idempotencyKey: `bench-${Date.now()}-${i}` }).toString(),
          }
        },
      },
    ],
  })
  const result = await run
  // autocannon's own `duration` is whole seconds: time the run here.
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const total = result['2xx'] + result['4xx'] + result['5xx']
  return {
    requests: total,
    requestsPerSecond: Math.round(total / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    status2xx: result['2xx'],
    status4xx: result['4xx'],
    other: result['5xx'] + result.errors + result.timeouts,
  }
}

/** The environment of a server under benchmark: production, silent, no rate limits, local gateways. */
export function benchServerEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'false',
    SEED_DEMO: 'false',
    SMS_PROVIDER: 'local',
    LOGIN_GATEWAY: 'local',
    PAY_PROVIDER: 'none',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret',
    ADMIN_ACCOUNT: BENCH_OPERATOR.account,
    ADMIN_PASSWORD: BENCH_OPERATOR.password,
    ...env,
  }
}

export function startChild(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(path.join(__dirname, 'server-child.ts'), [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_NODE_ARGS || '').split(' ').filter(Boolean)],
    env: benchServerEnv(env),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)))
    child.on('message', (m: { type: string; url?: string }) => {
      if (m.type === 'listening' && m.url) resolve({ child, url: m.url })
    })
  })
}

export function ask<T>(child: ChildProcess, type: string): Promise<T> {
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

export async function signIn(url: string, phone: string): Promise<string> {
  const res = await fetch(`${url}/api/ems/partner/client/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ phone, password: PASSWORD }),
  })
  const body = (await res.json()) as { code: number; message: string }
  if (body.code !== 0) throw new Error(`sign-in failed: ${body.message}`)
  return cookieOf(res)
}

async function load(url: string, pathname: string, headers: Record<string, string>, child: ChildProcess, db: 'pglite' | 'postgres') {
  const cpu = async () => (await ask<{ micros: number }>(child, 'cpu')).micros
  const serverBefore = await cpu()
  const postgresBefore = db === 'postgres' ? clusterCpuMicros() : 0
  const result = await autocannon({ url: `${url}${pathname}`, connections: CONNECTIONS, duration: SECONDS, headers })
  const served = Math.max(1, result.requests.total)
  const postgresAfter = db === 'postgres' ? clusterCpuMicros() : 0
  return {
    serverCpuUs: Math.round(((await cpu()) - serverBefore) / served),
    ...(db === 'postgres' ? { postgresCpuUs: Math.round((postgresAfter - postgresBefore) / served) } : {}),
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
    env.DATABASE_POOL_SIZE = process.env.BENCH_POOL_SIZE || '20'
    cleanup = () => execFileSync('psql', [base, '-qc', `DROP DATABASE IF EXISTS ${name}`])
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'am-bench-'))
    env.DATA_DIR = path.join(dir, 'pglite')
    cleanup = () => fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    console.log(`[${db}] seeding ${PARTNERS} partners and ${CLUES} clues…`)
    const seedSeconds = await seed(env)
    const { loadAverage } = machineLoad(`server, ${db}`)
    const ids = await partnerIds(env)
    const { child, url } = await startChild(env)
    try {
      const cookie = await signIn(url, '13900000001')
      const teacher = { cookie: `asid=${operatorToken('bench_t1')}` }
      const admin = { cookie: `asid=${operatorToken('bench_admin')}` }
      const routes: Array<{ route: string; path: string; headers: Record<string, string> }> = [
        { route: 'hello-world', path: '/bench/hello', headers: {} },
        { route: 'clue list', path: '/api/ems/partner/clue/list?page=1&size=20', headers: { cookie } },
        { route: 'home summary', path: '/api/ems/partner/partner/home', headers: { cookie } },
        // The console: a teacher's filtered clue list (own + pool, 待跟进), and the dashboard figures.
        {
          route: 'console clue list',
          path: `/api/ems/partner/clue/listForAdmin?status=${encodeURIComponent(ClueStatus.new)}&page=1&size=20`,
          headers: teacher,
        },
        { route: 'dashboard', path: '/api/bms/system/dashboard', headers: admin },
      ]
      const results: RouteResult[] = []
      const only = process.env.BENCH_ROUTES?.split(',').map((r) => r.trim())
      const wanted = (route: string) => route === 'hello-world' || !only || only.includes(route)
      for (const r of routes.filter((r) => wanted(r.route))) {
        console.log(`[${db}] ${r.route}: ${SECONDS} s at ${CONNECTIONS} connections`)
        const m = await load(url, r.path, r.headers, child, db)
        const hello = results[0]?.requestsPerSecond ?? m.requestsPerSecond
        results.push({ route: r.route, path: r.path, ...m, ratioToHello: Number((m.requestsPerSecond / hello).toFixed(3)) })
      }
      let apply: Awaited<ReturnType<typeof loadApply>> | undefined
      if (wanted('withdrawal apply')) {
        console.log(`[${db}] withdrawal apply: one per partner, ${PARTNERS} requests at ${CONNECTIONS} connections`)
        apply = await loadApply(url, ids)
      }
      const { peakRss } = await ask<{ peakRss: number }>(child, 'memory')
      child.removeAllListeners('exit')
      child.send({ type: 'close' })
      await new Promise((r) => child.once('exit', r))
      // PGlite: the directory is free once the server has closed.
      const money = await moneyCheck(env)
      return {
        db,
        loadAverage,
        seedSeconds,
        peakRssMb: Math.round(peakRss / 1024 / 1024),
        routes: results,
        withdrawalApply: apply && { ...apply, withdrawalsRecorded: money.withdrawals, walletMismatches: money.mismatches },
      }
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
    `${CONNECTIONS} connections, ${SECONDS} s per route, ${PARTNERS} partners, ${CLUES} clues; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}, load average ${results.map((r) => `${r.loadAverage} before ${r.db}`).join(', ')}), Node ${process.version}.`,
    '',
    'CPU per request: the server process, and PostgreSQL (all its processes; a dash on PGlite, which runs inside the server process).',
    '',
    '| database | route | req/s | p50 ms | p99 ms | max ms | vs hello-world | errors | non-2xx | server CPU µs/req | PostgreSQL CPU µs/req |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ]
  for (const r of results) {
    for (const x of r.routes) {
      lines.push(
        `| ${r.db} | ${x.route} | ${x.requestsPerSecond} | ${x.p50} | ${x.p99} | ${x.max} | ${(x.ratioToHello * 100).toFixed(1)} % | ${x.errors} | ${x.non2xx} | ${x.serverCpuUs} | ${x.postgresCpuUs ?? '–'} |`,
      )
    }
    const a = r.withdrawalApply
    if (a) {
      lines.push(
        `| ${r.db} | withdrawal apply (${a.requests} partners, once each) | ${a.requestsPerSecond} | ${a.p50} | ${a.p99} | ${a.max} | | ${a.other} | ${a.status4xx} | | |`,
      )
    }
    lines.push(`| ${r.db} | peak server memory | ${r.peakRssMb} MB | | | | | | | | |`)
  }
  const applies = results.filter((r) => r.withdrawalApply)
  if (applies.length > 0) {
    lines.push('', 'Withdrawal apply: 2xx / 4xx / other, withdrawals recorded, wallets whose ledger sum differs (must be 0):', '')
    for (const r of applies) {
      const a = r.withdrawalApply!
      lines.push(
        `- ${r.db}: ${a.status2xx} / ${a.status4xx} / ${a.other}; ${a.withdrawalsRecorded} recorded; ${a.walletMismatches} mismatches`,
      )
    }
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
