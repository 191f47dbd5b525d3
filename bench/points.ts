/**
 * `npm run bench:points`: points-shop exchanges (POST /api/fms/cybermoney/goodOrder/order) on
 * PostgreSQL (the private cluster of scripts/pg.sh, in a scratch database), each one HTTP request
 * with a student's real session to the real server in its own process (bench/server-child.ts).
 * Two runs: BENCH_POINTS_REQUESTS (default 6,000) exchanges of 2,000 students over 10 goods whose
 * stock (300 each) runs out midway, BENCH_POINTS_CONCURRENCY (default 50) in flight; then 500
 * students at once for the last item of one good. Afterwards it counts oversold items (orders
 * beyond a good's stock, must be 0), answered exchanges missing from the database, and students
 * whose balance is not the sum of their records (both must be 0).
 * Writes bench/results/points.json and points.md. BENCH_POOL_SIZE (default 20) the server's pool.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { GoodKind, GoodStatus, PointsRecordType } from '@activity/wire'
import { openDatabase } from '../server/src/db/client'
import { clusterCpuMicros } from './pg-cpu'
import { ask, startChild } from './server'
import { machineLoad, percentile, random, rowsOf } from './stats'

const ROOT = path.resolve(__dirname, '..')
const RESULTS = path.join(ROOT, 'bench', 'results')
const STUDENTS = 2000
const GOODS = 10
const STOCK = 300
const BALANCE = 1000
const PRICE = 100
const REQUESTS = Number(process.env.BENCH_POINTS_REQUESTS || 6000)
const CONCURRENCY = Number(process.env.BENCH_POINTS_CONCURRENCY || 50)
const LAST_ITEM_BUYERS = 500
const ORDER_PATH = '/api/fms/cybermoney/goodOrder/order'
const ADDRESS = { name: '压测学员', phone: '13900000000', address: '杭州市西湖区文三路1号' }

export interface PointsRun {
  run: string
  requests: number
  exchanged: number
  exchangesPerSecond: number
  refused: number
  other: number
  p50: number
  p99: number
  max: number
  serverCpuUs: number
  postgresCpuUs: number
}

export interface PointsResult {
  db: 'postgres'
  students: number
  poolSize: number
  seedSeconds: number
  runs: PointsRun[]
  /** Items sold beyond a good's stock (must be 0). */
  oversold: number
  /** The last item: how many exchanges won it (must be 1). */
  lastItemSold: number
  /** Exchanges answered 200 with no order in the database (must be 0). */
  lost: number
  /** Students whose balance is not the sum of their records, or below 0 (must be 0). */
  badBalances: number
  loadAverage: number
}

const sessionToken = (studentId: number) => `bench-points-${studentId}`

async function seed(url: string): Promise<{ students: number[]; goods: number[]; last: number }> {
  const database = await openDatabase({ url, poolSize: 2, dataDir: '' })
  try {
    await database.migrate()
    const db = database.db
    await db.execute(sql`
      INSERT INTO students (phone, name, education_type, school, major, level, batch_year, batch, status)
      SELECT '134' || lpad(i::text, 8, '0'), '积分压测' || i, '成人高考', '压测学校', '工商管理', '本科', 2026, 1, '在读'
      FROM generate_series(1, ${STUDENTS}) AS i`)
    await db.execute(sql`
      INSERT INTO sessions (token_hash, kind, account_id, expires_at)
      SELECT encode(sha256(convert_to('bench-points-' || id, 'UTF8')), 'hex'), 'user', account_id, now() + interval '30 days'
      FROM students WHERE phone LIKE '134%'`)
    // Every student starts with BALANCE points: the account and its one record (the balance is the sum of the records).
    await db.execute(sql`
      INSERT INTO points_accounts (student_id, balance, lifetime) SELECT id, ${BALANCE}, ${BALANCE} FROM students WHERE phone LIKE '134%'`)
    await db.execute(sql`
      INSERT INTO points_records (student_id, change, balance_after, type, note, day)
      SELECT id, ${BALANCE}, ${BALANCE}, ${PointsRecordType.adjust}, '压测初始积分', current_date FROM students WHERE phone LIKE '134%'`)
    const goods = rowsOf<{ id: number }>(
      await db.execute(sql`
        INSERT INTO shop_goods (kind, name, points, stock, status)
        SELECT ${GoodKind.textbook}, '压测教材' || i, ${PRICE}, ${STOCK}, ${GoodStatus.listed} FROM generate_series(1, ${GOODS}) AS i
        RETURNING id`),
    ).map((r) => Number(r.id))
    const [last] = rowsOf<{ id: number }>(
      await db.execute(sql`
        INSERT INTO shop_goods (kind, name, points, stock, status) VALUES (${GoodKind.physical}, '最后一个', ${PRICE}, 1, ${GoodStatus.listed})
        RETURNING id`),
    )
    await db.execute(sql`VACUUM ANALYZE`)
    const students = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM students WHERE phone LIKE '134%' ORDER BY id`)).map((r) =>
      Number(r.id),
    )
    return { students, goods, last: Number(last!.id) }
  } finally {
    await database.close()
  }
}

const exchange = (url: string, studentId: number, goodId: number) =>
  fetch(`${url}${ORDER_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `sid=${sessionToken(studentId)}` },
    body: JSON.stringify({ goodId, quantity: 1, address: ADDRESS }),
  })

/** `jobs` exchanges, `concurrency` in flight; answers the run's figures and the order ids answered 200. */
async function drive(
  url: string,
  child: Parameters<typeof ask>[0],
  label: string,
  jobs: Array<{ studentId: number; goodId: number }>,
  concurrency: number,
) {
  const cpu = async () => (await ask<{ micros: number }>(child, 'cpu')).micros
  const serverBefore = await cpu()
  const postgresBefore = clusterCpuMicros()
  const latencies: number[] = []
  const orderIds: number[] = []
  let refused = 0
  let other = 0
  let next = 0
  const began = performance.now()
  const worker = async () => {
    for (let i = next++; i < jobs.length; i = next++) {
      const job = jobs[i]!
      const sent = performance.now()
      try {
        const res = await exchange(url, job.studentId, job.goodId)
        const body = (await res.json()) as { data?: { order?: { id: number } } }
        latencies.push(performance.now() - sent)
        if (res.status === 200 && body.data?.order) orderIds.push(body.data.order.id)
        else if (res.status === 409 || res.status === 422) refused++
        else other++
      } catch {
        other++
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const elapsed = (performance.now() - began) / 1000
  const sorted = latencies.sort((a, b) => a - b)
  const served = Math.max(1, latencies.length)
  const round = (ms: number) => Math.round(ms * 10) / 10
  const run: PointsRun = {
    run: label,
    requests: jobs.length,
    exchanged: orderIds.length,
    exchangesPerSecond: Math.round(orderIds.length / elapsed),
    refused,
    other,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    serverCpuUs: Math.round(((await cpu()) - serverBefore) / served),
    postgresCpuUs: Math.round((clusterCpuMicros() - postgresBefore) / served),
  }
  return { run, orderIds }
}

async function audit(url: string, answered: number[], last: number) {
  const database = await openDatabase({ url, poolSize: 1, dataDir: '' })
  try {
    const db = database.db
    // Each good started with STOCK (the last item with 1): orders beyond that are oversold; the good's own
    // counters must agree with its orders too (stock + sold = what it started with, sold = the orders).
    const byGood = rowsOf<{ good_id: number; qty: number; stock: number; sold: number }>(
      await db.execute(sql`
        SELECT g.id AS good_id, g.stock, g.sold, coalesce(sum(o.quantity), 0)::int AS qty
        FROM shop_goods g LEFT JOIN good_orders o ON o.good_id = g.id AND o.status <> '已取消'
        GROUP BY g.id`),
    )
    let oversold = 0
    for (const g of byGood) {
      const initial = Number(g.good_id) === last ? 1 : STOCK
      oversold += Math.max(0, Number(g.qty) - initial)
      if (Number(g.stock) < 0 || Number(g.sold) !== Number(g.qty) || Number(g.stock) + Number(g.sold) !== initial) oversold += 1
    }
    const [lastSold] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM good_orders WHERE good_id = ${last}`))
    const stored = new Set(rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM good_orders`)).map((r) => Number(r.id)))
    const [bad] = rowsOf<{ n: number }>(
      await db.execute(sql`
        SELECT count(*)::int AS n FROM points_accounts a
        WHERE a.balance < 0 OR a.balance <> (SELECT coalesce(sum(change), 0) FROM points_records r WHERE r.student_id = a.student_id)`),
    )
    return {
      oversold,
      lastItemSold: Number(lastSold?.n ?? 0),
      lost: answered.filter((id) => !stored.has(id)).length,
      badBalances: Number(bad?.n ?? 0),
    }
  } finally {
    await database.close()
  }
}

export async function runPointsBench(): Promise<PointsResult> {
  const base = execFileSync('bash', [path.join(ROOT, 'scripts', 'pg.sh'), 'start'], { encoding: 'utf8' }).trim()
  const name = `bench_points_${Date.now()}`
  execFileSync('psql', [base, '-qc', `CREATE DATABASE ${name}`])
  const url = base.replace(/\/[^/]*$/, `/${name}`)
  const poolSize = Number(process.env.BENCH_POOL_SIZE || 20)
  try {
    console.log(`[points] seeding ${STUDENTS} students with ${BALANCE} points, ${GOODS} goods of ${STOCK} and one last item…`)
    const seeded = Date.now()
    const { students, goods, last } = await seed(url)
    const seedSeconds = (Date.now() - seeded) / 1000
    const { child, url: server } = await startChild({ DATABASE_URL: url, DATABASE_POOL_SIZE: String(poolSize) })
    try {
      const { loadAverage } = machineLoad('points')
      const next = random(20261126)
      const jobs = Array.from({ length: REQUESTS }, () => ({
        studentId: students[Math.floor(next() * students.length)]!,
        goodId: goods[Math.floor(next() * goods.length)]!,
      }))
      console.log(`[points] ${REQUESTS} exchanges, ${CONCURRENCY} in flight (stock ${GOODS * STOCK})`)
      const a = await drive(
        server,
        child,
        `${REQUESTS} exchanges by ${STUDENTS} students over ${GOODS} goods (stock ${GOODS * STOCK}), ${CONCURRENCY} in flight`,
        jobs,
        CONCURRENCY,
      )
      console.log(`[points] ${LAST_ITEM_BUYERS} students at once for the last item`)
      const b = await drive(
        server,
        child,
        `${LAST_ITEM_BUYERS} students at once for one last item`,
        students.slice(0, LAST_ITEM_BUYERS).map((studentId) => ({ studentId, goodId: last })),
        LAST_ITEM_BUYERS,
      )
      child.removeAllListeners('exit')
      child.send({ type: 'close' })
      await new Promise((r) => child.once('exit', r))
      return {
        db: 'postgres',
        students: STUDENTS,
        poolSize,
        seedSeconds,
        runs: [a.run, b.run],
        ...(await audit(url, [...a.orderIds, ...b.orderIds], last)),
        loadAverage,
      }
    } catch (error) {
      child.kill('SIGKILL')
      throw error
    }
  } finally {
    execFileSync('psql', [base, '-qc', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`])
  }
}

export function markdown(r: PointsResult): string {
  return [
    '# Points shop exchange benchmark',
    '',
    `POST ${ORDER_PATH} on PostgreSQL, ${r.students} students with ${BALANCE} points each, pool ${r.poolSize}; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}, load average ${r.loadAverage} at the start), Node ${process.version}.`,
    '',
    '| run | requests | exchanged | exchanges/s | refused (409/422) | other | p50 ms | p99 ms | max ms | server CPU µs/req | PostgreSQL CPU µs/req |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.runs.map(
      (x) =>
        `| ${x.run} | ${x.requests} | ${x.exchanged} | ${x.exchangesPerSecond} | ${x.refused} | ${x.other} | ${x.p50} | ${x.p99} | ${x.max} | ${x.serverCpuUs} | ${x.postgresCpuUs} |`,
    ),
    '',
    `oversold=${r.oversold} (must be 0); last item sold ${r.lastItemSold} time(s) (must be 1); exchanges answered 200 but not stored: ${r.lost}; balances not equal to their records or below 0: ${r.badBalances}.`,
  ].join('\n')
}

if (require.main === module) {
  runPointsBench()
    .then((result) => {
      fs.mkdirSync(RESULTS, { recursive: true })
      fs.writeFileSync(path.join(RESULTS, 'points.json'), JSON.stringify({ at: new Date().toISOString(), result }, null, 2))
      const md = `${markdown(result)}\n`
      fs.writeFileSync(path.join(RESULTS, 'points.md'), md)
      console.log(`\n${md}`)
      if (result.oversold !== 0 || result.lastItemSold !== 1 || result.lost !== 0 || result.badBalances !== 0) process.exit(1)
    })
    .catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
}
