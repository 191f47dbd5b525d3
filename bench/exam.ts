/**
 * `npm run bench:exam`: saving answers (PUT /api/sms/study/studentExam/saveAnswer) on PostgreSQL
 * (the private cluster of scripts/pg.sh) while 1,000 students sit one paper, each save one HTTP
 * request with the student's real session to the real server in its own process
 * (bench/server-child.ts). BENCH_EXAM_RATE saves a second (default 200) arrive at random (Poisson)
 * times for BENCH_EXAM_SECONDS (default 20). Each save is the whole rule: one statement that locks
 * the attempt FOR SHARE and writes the answer only while it is 答题中 and before ends_at on the
 * database's clock. Afterwards the bench checks that every answered save is in the database.
 * Writes bench/results/exam.json and exam.md. BENCH_POOL_SIZE (default 20) the server's pool.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { AttemptStatus, EnrolmentSource, PaperKind, PaperStatus, PaperUse, ProductStatus, ProductType, QuestionType } from '@activity/wire'
import { openDatabase } from '../server/src/db/client'
import { clusterCpuMicros } from './pg-cpu'
import { ask, startChild } from './server'
import { machineLoad, percentile, random, rowsOf } from './stats'

const ROOT = path.resolve(__dirname, '..')
const RESULTS = path.join(ROOT, 'bench', 'results')
const STUDENTS = 1000
const QUESTIONS = 20
const RATE = Number(process.env.BENCH_EXAM_RATE || 200)
const SECONDS = Number(process.env.BENCH_EXAM_SECONDS || 20)
const SAVE_PATH = '/api/sms/study/studentExam/saveAnswer'
const TARGET_P99_MS = 50

export interface ExamRun {
  run: string
  requests: number
  savesPerSecond: number
  p50: number
  p99: number
  max: number
  non2xx: number
  errors: number
  serverCpuUs: number
  postgresCpuUs: number
}

export interface ExamResult {
  db: 'postgres'
  students: number
  questions: number
  poolSize: number
  seedSeconds: number
  run: ExamRun
  /** Saves answered 200 whose answer is not the one in the database at the end (must be 0). */
  lost: number
  p99WithinTarget: boolean
  loadAverage: number
}

const sessionToken = (studentId: number) => `bench-exam-${studentId}`

/** 1,000 students on a course, a published paper of 20 单选题, and an open attempt each (dealt as the start would). */
async function seed(url: string): Promise<Array<{ studentId: number; attemptId: number }>> {
  const database = await openDatabase({ url, poolSize: 2, dataDir: '' })
  try {
    await database.migrate()
    const db = database.db
    await db.execute(sql`
      INSERT INTO students (phone, name, education_type, school, major, level, batch_year, batch, status)
      SELECT '135' || lpad(i::text, 8, '0'), '考试压测' || i, '成人高考', '压测学校', '工商管理', '本科', 2026, 1, '在读'
      FROM generate_series(1, ${STUDENTS}) AS i`)
    await db.execute(sql`
      INSERT INTO sessions (token_hash, kind, account_id, expires_at)
      SELECT encode(sha256(convert_to('bench-exam-' || id, 'UTF8')), 'hex'), 'user', account_id, now() + interval '30 days'
      FROM students WHERE phone LIKE '135%'`)
    const [parent] = rowsOf<{ id: number }>(
      await db.execute(sql`INSERT INTO course_categories (name) VALUES ('考试压测大类') RETURNING id`),
    )
    const [leaf] = rowsOf<{ id: number }>(
      await db.execute(sql`INSERT INTO course_categories (parent_id, name) VALUES (${parent!.id}, '考试压测小类') RETURNING id`),
    )
    const [course] = rowsOf<{ id: number }>(
      await db.execute(sql`
        INSERT INTO courses (title, category_id, type, status) VALUES ('考试压测课程', ${leaf!.id}, ${ProductType.textbook}, ${ProductStatus.listed})
        RETURNING id`),
    )
    await db.execute(sql`
      INSERT INTO course_enrolments (student_id, course_id, source)
      SELECT id, ${course!.id}, ${EnrolmentSource.granted} FROM students WHERE phone LIKE '135%'`)
    const options = JSON.stringify(['A', 'B', 'C', 'D'].map((key) => ({ key, text: `选项${key}` })))
    await db.execute(sql`
      INSERT INTO questions (course_id, type, difficulty, stem, options, answer, analysis)
      SELECT ${course!.id}, ${QuestionType.single}, '一般', '压测题' || i, ${options}::jsonb, '["B"]'::jsonb, '解析' || i
      FROM generate_series(1, ${QUESTIONS}) AS i`)
    const [paper] = rowsOf<{ id: number }>(
      await db.execute(sql`
        INSERT INTO papers (course_id, title, use, kind, status, duration_minutes, max_attempts, published_at)
        VALUES (${course!.id}, '压测试卷', ${PaperUse.exam}, ${PaperKind.fixed}, ${PaperStatus.published}, 120, 1, now()) RETURNING id`),
    )
    await db.execute(sql`
      INSERT INTO paper_questions (paper_id, question_id, sort, score, snapshot)
      SELECT ${paper!.id}, id, id, 5, jsonb_build_object('type', type, 'difficulty', difficulty, 'stem', stem, 'options', options,
        'answer', answer, 'analysis', analysis)
      FROM questions WHERE course_id = ${course!.id}`)
    await db.execute(sql`
      INSERT INTO exam_attempts (paper_id, student_id, number, status, started_at, ends_at, total_score)
      SELECT ${paper!.id}, id, 1, ${AttemptStatus.open}, now(), now() + interval '2 hours', ${QUESTIONS * 5}
      FROM students WHERE phone LIKE '135%'`)
    await db.execute(sql`
      INSERT INTO attempt_questions (attempt_id, position, question_id, type, stem, options, answer, analysis, score)
      SELECT a.id, row_number() OVER (PARTITION BY a.id ORDER BY q.id), q.id, q.type, q.stem, q.options, q.answer, q.analysis, 5
      FROM exam_attempts a CROSS JOIN questions q WHERE a.paper_id = ${paper!.id} AND q.course_id = ${course!.id}`)
    await db.execute(sql`VACUUM ANALYZE`)
    const rows = rowsOf<{ student_id: number; id: number }>(
      await db.execute(sql`SELECT student_id, id FROM exam_attempts WHERE paper_id = ${paper!.id} ORDER BY student_id`),
    )
    return rows.map((r) => ({ studentId: Number(r.student_id), attemptId: Number(r.id) }))
  } finally {
    await database.close()
  }
}

/** `RATE` saves a second at Poisson arrival times; the students take turns, each save the next question with a random key. */
async function warmUp(url: string, sitting: Array<{ studentId: number; attemptId: number }>): Promise<void> {
  let next = 0
  const worker = async () => {
    for (let i = next++; i < sitting.length; i = next++) {
      const s = sitting[i]!
      const res = await fetch(`${url}${SAVE_PATH}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `sid=${sessionToken(s.studentId)}` },
        body: `attemptId=${s.attemptId}&position=1&answer=${encodeURIComponent(JSON.stringify(['A']))}`,
      })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`warm-up save answered ${res.status}`)
    }
  }
  await Promise.all(Array.from({ length: 20 }, worker))
}

async function paced(url: string, child: Parameters<typeof ask>[0], sitting: Array<{ studentId: number; attemptId: number }>) {
  const cpu = async () => (await ask<{ micros: number }>(child, 'cpu')).micros
  const serverBefore = await cpu()
  const postgresBefore = clusterCpuMicros()
  const next = random(20260524)
  const total = Math.round(RATE * SECONDS)
  const latencies: number[] = []
  /** The last answer each (attempt, position) was answered 200 for, in the order sent (one request per pair in flight at most). */
  const last = new Map<string, string>()
  let non2xx = 0
  let errors = 0
  const inFlight: Array<Promise<void>> = []
  const began = performance.now()
  let due = began
  for (let i = 0; i < total; i++) {
    due += (-Math.log(1 - next()) / RATE) * 1000
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const s = sitting[i % sitting.length]!
    const position = (Math.floor(i / sitting.length) % QUESTIONS) + 1
    const key = 'ABCD'[Math.floor(next() * 4)]!
    const sent = performance.now()
    inFlight.push(
      fetch(`${url}${SAVE_PATH}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `sid=${sessionToken(s.studentId)}` },
        body: `attemptId=${s.attemptId}&position=${position}&answer=${encodeURIComponent(JSON.stringify([key]))}`,
      }).then(
        async (res) => {
          await res.arrayBuffer()
          latencies.push(performance.now() - sent)
          if (res.status < 200 || res.status >= 300) non2xx++
          else last.set(`${s.attemptId}:${position}`, key)
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
  const run: ExamRun = {
    run: `${STUDENTS} students answering, ${RATE} saves/s (Poisson arrivals) for ${SECONDS} s`,
    requests: latencies.length,
    savesPerSecond: Math.round((latencies.length - non2xx) / elapsed),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    non2xx,
    errors,
    serverCpuUs: Math.round(((await cpu()) - serverBefore) / served),
    postgresCpuUs: Math.round((clusterCpuMicros() - postgresBefore) / served),
  }
  return { run, last }
}

async function lostSaves(url: string, last: Map<string, string>): Promise<number> {
  const database = await openDatabase({ url, poolSize: 1, dataDir: '' })
  try {
    const rows = rowsOf<{ attempt_id: number; position: number; key: string }>(
      await database.db.execute(sql`SELECT attempt_id, position, response->>0 AS key FROM attempt_questions WHERE response IS NOT NULL`),
    )
    const stored = new Map(rows.map((r) => [`${r.attempt_id}:${r.position}`, r.key]))
    let lost = 0
    for (const [k, key] of last) if (stored.get(k) !== key) lost++
    return lost
  } finally {
    await database.close()
  }
}

export async function runExamBench(): Promise<ExamResult> {
  const base = execFileSync('bash', [path.join(ROOT, 'scripts', 'pg.sh'), 'start'], { encoding: 'utf8' }).trim()
  const name = `bench_exam_${Date.now()}`
  execFileSync('psql', [base, '-qc', `CREATE DATABASE ${name}`])
  const url = base.replace(/\/[^/]*$/, `/${name}`)
  const poolSize = Number(process.env.BENCH_POOL_SIZE || 20)
  try {
    console.log(`[exam] seeding ${STUDENTS} students with an open attempt on one paper…`)
    const seeded = Date.now()
    const sitting = await seed(url)
    const seedSeconds = (Date.now() - seeded) / 1000
    const { child, url: server } = await startChild({ DATABASE_URL: url, DATABASE_POOL_SIZE: String(poolSize) })
    try {
      const { loadAverage } = machineLoad('exam')
      // Every student opens the paper first (one save each, 20 at a time, not measured): their
      // sessions are in the server's cache and the code is warm, as during an exam's first minute.
      console.log(`[exam] warm-up: one save per student`)
      await warmUp(server, sitting)
      console.log(`[exam] ${RATE} saves/s for ${SECONDS} s`)
      const { run, last } = await paced(server, child, sitting)
      child.removeAllListeners('exit')
      child.send({ type: 'close' })
      await new Promise((r) => child.once('exit', r))
      return {
        db: 'postgres',
        students: STUDENTS,
        questions: QUESTIONS,
        poolSize,
        seedSeconds,
        run,
        lost: await lostSaves(url, last),
        p99WithinTarget: run.p99 <= TARGET_P99_MS,
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

export function markdown(r: ExamResult): string {
  const x = r.run
  return [
    '# Exam saveAnswer benchmark',
    '',
    `PUT ${SAVE_PATH} on PostgreSQL, ${r.students} students each with an open attempt on one ${r.questions}-question paper, pool ${r.poolSize}; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}, load average ${r.loadAverage} at the start), Node ${process.version}. Target: p99 ≤ ${TARGET_P99_MS} ms.`,
    '',
    '| run | requests | saves/s | p50 ms | p99 ms | max ms | non-2xx | errors | server CPU µs/req | PostgreSQL CPU µs/req |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${x.run} | ${x.requests} | ${x.savesPerSecond} | ${x.p50} | ${x.p99} | ${x.max} | ${x.non2xx} | ${x.errors} | ${x.serverCpuUs} | ${x.postgresCpuUs} |`,
    '',
    `p99 within ${TARGET_P99_MS} ms: ${r.p99WithinTarget ? 'yes' : 'NO'}. Saves answered 200 but not in the database afterwards: ${r.lost} (must be 0).`,
  ].join('\n')
}

if (require.main === module) {
  runExamBench()
    .then((result) => {
      fs.mkdirSync(RESULTS, { recursive: true })
      fs.writeFileSync(path.join(RESULTS, 'exam.json'), JSON.stringify({ at: new Date().toISOString(), result }, null, 2))
      const md = `${markdown(result)}\n`
      fs.writeFileSync(path.join(RESULTS, 'exam.md'), md)
      console.log(`\n${md}`)
    })
    .catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
}
