/**
 * `npm run bench:heartbeat`: the player's heartbeat (PUT /api/sms/study/studentKnowledge/progress)
 * on PostgreSQL (the private cluster of scripts/pg.sh) while 1,000 students watch a course, each
 * heartbeat one HTTP request to the real server in its own process (bench/server-child.ts):
 *   - saturation: 50 connections as fast as the server answers, the students taking turns, each
 *     report 10 s further into the video (heartbeats per second, p50/p99 latency);
 *   - the real load of 1,000 students: one heartbeat each every HEARTBEAT_SECONDS, i.e. 100 a
 *     second arriving at random (Poisson) times, for BENCH_WATCH_SECONDS (default 20): latency at
 *     that rate. (autocannon's own rate limit sends each second's requests in one burst, which is
 *     not how 1,000 players' timers fire.)
 * Each heartbeat is the whole rule: the student's clock locked FOR UPDATE, the section's progress,
 * the day's study time, the enrolment and the clock written in one transaction. Afterwards the
 * bench checks that no student was credited more than the wall time of the run.
 * Then both runs again against `npm run start:cluster` with two API processes on the same
 * database (each with half the pool, so PostgreSQL sees as many connections), and what that gains.
 * Writes bench/results/heartbeat.json and heartbeat.md. BENCH_SECONDS (default 10) for the
 * saturation run; BENCH_POOL_SIZE (default 20) the server's pool; BENCH_CLUSTER=false skips the
 * cluster; BENCH_KEEP_DB keeps the database (to look at it afterwards).
 */
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { EnrolmentSource, HEARTBEAT_SECONDS, ProductStatus, ProductType, SectionKind } from '@activity/wire'
import { openDatabase } from '../server/src/db/client'
import { clusterCpuMicros, processTreeCpuMicros } from './pg-cpu'
import { ask, benchServerEnv, startChild } from './server'
import { machineLoad, percentile, random } from './stats'

const ROOT = path.resolve(__dirname, '..')
const RESULTS = path.join(ROOT, 'bench', 'results')
const STUDENTS = 1000
const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS || 10)
const WATCH_SECONDS = Number(process.env.BENCH_WATCH_SECONDS || 20)
/** The section every student watches: long enough that no report reaches its end. */
const SECTION_SECONDS = 36_000
const PROGRESS_PATH = '/api/sms/study/studentKnowledge/progress'
const TARGET_P99_MS = 50

export interface HeartbeatRun {
  run: string
  /** 'one process' (the app alone) or 'cluster' (npm run start:cluster, two processes). */
  server: 'one process' | 'cluster'
  kind: 'saturation' | 'watching'
  requests: number
  heartbeatsPerSecond: number
  p50: number
  p99: number
  max: number
  non2xx: number
  errors: number
  serverCpuUs: number
  postgresCpuUs: number
}

export interface HeartbeatResult {
  db: 'postgres'
  students: number
  poolSize: number
  seedSeconds: number
  runs: HeartbeatRun[]
  /** Students credited more study time than the wall time of the runs (must be 0), and the most any was credited. */
  overCredited: number
  maxCreditedSeconds: number
  wallSeconds: number
  /** The watching run's p99 (the load of 1,000 students) within the target. */
  p99WithinTarget: boolean
  /** The machine's 1-minute load average when the runs began (other work on it skews the figures). */
  loadAverage: number
  /** Two processes against one at saturation: heartbeats/s (+x % more, or less), when the cluster ran. */
  clusterGainPercent?: number
}

/** The server's CPU time so far, µs (its process, or the cluster's processes). */
type CpuMeter = () => Promise<number>

interface ServerUnderTest {
  url: string
  server: HeartbeatRun['server']
  cpu: CpuMeter
  stop(): Promise<void>
}

const sessionToken = (studentId: number) => `bench-student-${studentId}`

async function seed(url: string): Promise<{ studentIds: number[]; sectionId: number }> {
  const database = await openDatabase({ url, poolSize: 2, dataDir: '' })
  try {
    await database.migrate()
    const db = database.db
    const rows = <T>(r: unknown) => (r as { rows: T[] }).rows
    await db.execute(sql`
      INSERT INTO students (phone, name, education_type, school, major, level, batch_year, batch, status)
      SELECT '136' || lpad(i::text, 8, '0'), '压测学员' || i, '成人高考', '压测学校', '工商管理', '本科', 2026, 1, '在读'
      FROM generate_series(1, ${STUDENTS}) AS i`)
    // Each student's person session (cookie sid = bench-student-<id>); the account comes from the students_account trigger.
    await db.execute(sql`
      INSERT INTO sessions (token_hash, kind, account_id, expires_at)
      SELECT encode(sha256(convert_to('bench-student-' || id, 'UTF8')), 'hex'), 'user', account_id, now() + interval '30 days'
      FROM students WHERE phone LIKE '136%'`)
    const [parent] = rows<{ id: number }>(await db.execute(sql`INSERT INTO course_categories (name) VALUES ('压测大类') RETURNING id`))
    const [leaf] = rows<{ id: number }>(
      await db.execute(sql`INSERT INTO course_categories (parent_id, name) VALUES (${parent!.id}, '压测小类') RETURNING id`),
    )
    const [course] = rows<{ id: number }>(
      await db.execute(sql`
        INSERT INTO courses (title, category_id, type, status, no_skip)
        VALUES ('压测课程', ${leaf!.id}, ${ProductType.textbook}, ${ProductStatus.listed}, false) RETURNING id`),
    )
    const [chapter] = rows<{ id: number }>(
      await db.execute(sql`INSERT INTO course_chapters (course_id, title) VALUES (${course!.id}, '第一章') RETURNING id`),
    )
    const sections = rows<{ id: number }>(
      await db.execute(sql`
        INSERT INTO course_sections (course_id, chapter_id, title, kind, sort, duration, media_key)
        SELECT ${course!.id}, ${chapter!.id}, '第' || i || '节', ${SectionKind.video}, i, ${SECTION_SECONDS}, 'bench/' || i || '.mp4'
        FROM generate_series(1, 10) AS i RETURNING id`),
    )
    await db.execute(sql`
      INSERT INTO course_enrolments (student_id, course_id, source)
      SELECT id, ${course!.id}, ${EnrolmentSource.granted} FROM students WHERE phone LIKE '136%'`)
    await db.execute(sql`VACUUM ANALYZE`)
    const students = rows<{ id: number }>(await db.execute(sql`SELECT id FROM students WHERE phone LIKE '136%' ORDER BY id`))
    return { studentIds: students.map((s) => Number(s.id)), sectionId: Number(sections[0]!.id) }
  } finally {
    await database.close()
  }
}

/** Every student's study time against the wall time of the runs: one clock per student means never more. */
async function creditCheck(url: string, wallSeconds: number) {
  const database = await openDatabase({ url, poolSize: 1, dataDir: '' })
  try {
    const result = (await database.db.execute(sql`
      SELECT count(*) FILTER (WHERE total > ${Math.ceil(wallSeconds * 1000)})::int AS over, coalesce(max(total), 0)::bigint AS most
      FROM (SELECT student_id, sum(ms) AS total FROM study_days GROUP BY student_id) t`)) as unknown as {
      rows: Array<{ over: number; most: string }>
    }
    return { overCredited: result.rows[0]!.over, maxCreditedSeconds: Number(result.rows[0]!.most) / 1000 }
  } finally {
    await database.close()
  }
}

/** Heartbeats: the students take turns, each report `step` seconds further than that student's previous one. */
function heartbeats({ studentIds, sectionId, start }: { studentIds: number[]; sectionId: number; start: number }) {
  let next = 0
  return [
    {
      method: 'PUT',
      path: PROGRESS_PATH,
      setupRequest: (req: Record<string, unknown>) => {
        const i = next++
        const studentId = studentIds[i % studentIds.length]!
        const position = Math.min(SECTION_SECONDS, start + HEARTBEAT_SECONDS * Math.floor(i / studentIds.length))
        return {
          ...req,
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `sid=${sessionToken(studentId)}` },
          body: `sectionId=${sectionId}&position=${position}`,
        }
      },
    },
  ]
}

async function measure(
  name: string,
  kind: HeartbeatRun['kind'],
  target: ServerUnderTest,
  options: { duration?: number; amount?: number; overallRate?: number; connections: number; requests: ReturnType<typeof heartbeats> },
): Promise<HeartbeatRun> {
  const serverBefore = await target.cpu()
  const postgresBefore = clusterCpuMicros()
  const started = process.hrtime.bigint()
  const result = await autocannon({ url: target.url, ...options })
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const served = Math.max(1, result.requests.total)
  return {
    run: name,
    server: target.server,
    kind,
    requests: result.requests.total,
    heartbeatsPerSecond: Math.round(result['2xx'] / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCpuUs: Math.round(((await target.cpu()) - serverBefore) / served),
    postgresCpuUs: Math.round((clusterCpuMicros() - postgresBefore) / served),
  }
}

/**
 * `rate` heartbeats a second for `seconds`, at Poisson arrival times (each student's timer runs on
 * its own), every one answered before the next of the same student is due; latency per request.
 */
async function paced(
  name: string,
  target: ServerUnderTest,
  {
    rate,
    seconds,
    studentIds,
    sectionId,
    start,
  }: { rate: number; seconds: number; studentIds: number[]; sectionId: number; start: number },
): Promise<HeartbeatRun> {
  const serverBefore = await target.cpu()
  const postgresBefore = clusterCpuMicros()
  const next = random(20261126)
  const total = Math.round(rate * seconds)
  const latencies: number[] = []
  let non2xx = 0
  let errors = 0
  const inFlight: Array<Promise<void>> = []
  const began = performance.now()
  let due = began
  for (let i = 0; i < total; i++) {
    due += (-Math.log(1 - next()) / rate) * 1000
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const studentId = studentIds[i % studentIds.length]!
    const position = start + HEARTBEAT_SECONDS * Math.floor(i / studentIds.length)
    const sent = performance.now()
    inFlight.push(
      fetch(`${target.url}${PROGRESS_PATH}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `sid=${sessionToken(studentId)}` },
        body: `sectionId=${sectionId}&position=${position}`,
      }).then(
        async (res) => {
          await res.arrayBuffer()
          latencies.push(performance.now() - sent)
          if (res.status < 200 || res.status >= 300) non2xx++
        },
        () => {
          errors++
        },
      ),
    )
  }
  await Promise.all(inFlight)
  const elapsed = (performance.now() - began) / 1000
  const sorted = latencies.sort((a, b) => a - b)
  const served = Math.max(1, latencies.length)
  const round = (ms: number) => Math.round(ms * 10) / 10
  return {
    run: name,
    server: target.server,
    kind: 'watching',
    requests: latencies.length,
    heartbeatsPerSecond: Math.round((latencies.length - non2xx) / elapsed),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    non2xx,
    errors,
    serverCpuUs: Math.round(((await target.cpu()) - serverBefore) / served),
    postgresCpuUs: Math.round((clusterCpuMicros() - postgresBefore) / served),
  }
}

/** The app in a child process of its own (bench/server-child.ts). */
async function oneProcess(env: Record<string, string>): Promise<ServerUnderTest> {
  const { child, url } = await startChild(env)
  return {
    url,
    server: 'one process',
    cpu: async () => (await ask<{ micros: number }>(child, 'cpu')).micros,
    async stop() {
      child.removeAllListeners('exit')
      child.send({ type: 'close' })
      await new Promise((r) => child.once('exit', r))
    },
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })

/** `npm run start:cluster` with `workers` processes; its CPU is the primary's and its workers'. */
async function cluster(env: Record<string, string>, workers: number): Promise<ServerUnderTest> {
  const port = await freePort()
  const primary = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'src', 'cluster.ts')], {
    cwd: ROOT,
    env: benchServerEnv({ ...env, CLUSTER_WORKERS: String(workers), PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    let listening = 0
    let said = ''
    primary.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString()
      listening = (said.match(/worker \d+ listening/g) ?? []).length
      if (listening >= workers) resolve()
    })
    primary.once('exit', (code) => reject(new Error(`start:cluster exited with ${code}: ${said.slice(-2000)}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    server: 'cluster',
    cpu: async () => processTreeCpuMicros(primary.pid!),
    async stop() {
      primary.removeAllListeners('exit')
      const exited = new Promise((r) => primary.once('exit', r))
      primary.kill('SIGTERM')
      await exited
    },
  }
}

export async function runHeartbeatBench(): Promise<HeartbeatResult> {
  const base = execFileSync('bash', [path.join(ROOT, 'scripts', 'pg.sh'), 'start'], { encoding: 'utf8' }).trim()
  const name = `bench_heartbeat_${Date.now()}`
  execFileSync('psql', [base, '-qc', `CREATE DATABASE ${name}`])
  const url = base.replace(/\/[^/]*$/, `/${name}`)
  const poolSize = Number(process.env.BENCH_POOL_SIZE || 20)
  try {
    console.log(`[heartbeat] seeding ${STUDENTS} students on one course…`)
    const seeded = Date.now()
    const { studentIds, sectionId } = await seed(url)
    const seedSeconds = (Date.now() - seeded) / 1000
    const env = { DATABASE_URL: url, DATABASE_POOL_SIZE: String(poolSize) }
    const rate = STUDENTS / HEARTBEAT_SECONDS
    const { loadAverage } = machineLoad('heartbeat')
    const started = Date.now()
    /** The saturation run, then the watching run, each report going on from where the last left every student. */
    const both = async (target: ServerUnderTest, start: number, label: string) => {
      console.log(`[heartbeat] ${label}: saturation, ${SECONDS} s at ${CONNECTIONS} connections`)
      const saturation = await measure(`saturation (${CONNECTIONS} connections)${label ? `, ${label}` : ''}`, 'saturation', target, {
        duration: SECONDS,
        connections: CONNECTIONS,
        requests: heartbeats({ studentIds, sectionId, start }),
      })
      const reached = start + HEARTBEAT_SECONDS * Math.ceil(saturation.requests / STUDENTS)
      console.log(`[heartbeat] ${label}: ${STUDENTS} students watching, ${rate} heartbeats/s (Poisson) for ${WATCH_SECONDS} s`)
      const watching = await paced(
        `${STUDENTS} students, one heartbeat each per ${HEARTBEAT_SECONDS} s (Poisson arrivals)${label ? `, ${label}` : ''}`,
        target,
        { rate, seconds: WATCH_SECONDS, studentIds, sectionId, start: reached },
      )
      return { runs: [saturation, watching], next: reached + HEARTBEAT_SECONDS * Math.ceil(watching.requests / STUDENTS) }
    }
    const single = await oneProcess(env)
    let runs: HeartbeatRun[]
    let next: number
    try {
      // Every student opens the video: the first report of a viewing (clock and progress rows created, nothing credited).
      await measure('warm-up', 'saturation', single, {
        amount: STUDENTS,
        connections: CONNECTIONS,
        requests: heartbeats({ studentIds, sectionId, start: 0 }),
      })
      ;({ runs, next } = await both(single, HEARTBEAT_SECONDS, 'one process'))
    } finally {
      await single.stop()
    }
    let clusterGainPercent: number | undefined
    if (process.env.BENCH_CLUSTER !== 'false') {
      const workers = 2
      const two = await cluster({ ...env, DATABASE_POOL_SIZE: String(Math.max(1, Math.round(poolSize / workers))) }, workers)
      try {
        // Its processes warm up as the single one did (their first requests compile the code).
        await measure('warm-up', 'saturation', two, {
          amount: STUDENTS,
          connections: CONNECTIONS,
          requests: heartbeats({ studentIds, sectionId, start: next }),
        })
        const more = await both(two, next + HEARTBEAT_SECONDS, `start:cluster, ${workers} processes`)
        runs = [...runs, ...more.runs]
        clusterGainPercent = Math.round((more.runs[0]!.heartbeatsPerSecond / runs[0]!.heartbeatsPerSecond - 1) * 100)
      } finally {
        await two.stop()
      }
    }
    const wallSeconds = (Date.now() - started) / 1000
    const credit = await creditCheck(url, wallSeconds)
    const watching = runs.find((r) => r.kind === 'watching' && r.server === 'one process')!
    return {
      db: 'postgres',
      students: STUDENTS,
      poolSize,
      seedSeconds,
      runs,
      ...credit,
      wallSeconds: Math.round(wallSeconds * 10) / 10,
      p99WithinTarget: watching.p99 <= TARGET_P99_MS,
      loadAverage,
      clusterGainPercent,
    }
  } finally {
    if (!process.env.BENCH_KEEP_DB) execFileSync('psql', [base, '-qc', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`])
  }
}

export function markdown(r: HeartbeatResult): string {
  const lines = [
    '# Heartbeat benchmark',
    '',
    `PUT ${PROGRESS_PATH} on PostgreSQL, ${r.students} students enrolled on one course, pool ${r.poolSize}; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}, load average ${r.loadAverage} at the start), Node ${process.version}. Target: p99 ≤ ${TARGET_P99_MS} ms while the 1,000 students watch; the saturation run gives the capacity (with 50 requests always waiting, its latency is 50 / throughput).`,
    '',
    '| run | requests | heartbeats/s | p50 ms | p99 ms | max ms | non-2xx | errors | server CPU µs/req | PostgreSQL CPU µs/req |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.runs.map(
      (x) =>
        `| ${x.run} | ${x.requests} | ${x.heartbeatsPerSecond} | ${x.p50} | ${x.p99} | ${x.max} | ${x.non2xx} | ${x.errors} | ${x.serverCpuUs} | ${x.postgresCpuUs} |`,
    ),
    '',
    `p99 within ${TARGET_P99_MS} ms while they watch: ${r.p99WithinTarget ? 'yes' : 'NO'}. Students credited more than the ${r.wallSeconds} s the runs took: ${r.overCredited} (must be 0); the most credited: ${r.maxCreditedSeconds} s.`,
    ...(r.clusterGainPercent === undefined
      ? []
      : [
          '',
          `Two API processes (npm run start:cluster, ${Math.round(r.poolSize / 2)} connections each) against one at saturation: ${r.clusterGainPercent >= 0 ? '+' : ''}${r.clusterGainPercent} % heartbeats/s on this machine's ${os.cpus().length} cores.`,
        ]),
  ]
  return lines.join('\n') + '\n'
}

if (require.main === module) {
  runHeartbeatBench()
    .then((result) => {
      fs.mkdirSync(RESULTS, { recursive: true })
      fs.writeFileSync(path.join(RESULTS, 'heartbeat.json'), JSON.stringify({ at: new Date().toISOString(), result }, null, 2))
      const md = markdown(result)
      fs.writeFileSync(path.join(RESULTS, 'heartbeat.md'), md)
      console.log(`\n${md}`)
    })
    .catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
}
