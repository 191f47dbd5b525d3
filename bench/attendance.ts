/**
 * `npm run bench:attendance`: a face-to-face session's check-in (POST
 * /api/zms/attendance/attendanceRecord/punchCourse) on PostgreSQL (the private cluster of
 * scripts/pg.sh, in a scratch database), each scan one HTTP request with a student's real session
 * to the real server in its own process (bench/server-child.ts). BENCH_ATTENDANCE_STUDENTS (default
 * 2,000) students of one class arrive over BENCH_ATTENDANCE_SECONDS (default 120) as a Poisson
 * stream and scan the code the room screen shows at that moment (it changes every 30 s); one in ten
 * scans twice (a second tap, a shaky network). Afterwards it counts students with more than one
 * record (must be 0), scans answered 200 with no record (must be 0) and students who scanned but
 * have no record (must be 0). Writes bench/results/attendance.json and attendance.md.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { ATTENDANCE_CODE_SECONDS } from '@activity/wire'
import { openDatabase } from '../server/src/db/client'
import { screenCode } from '../server/src/lib/rotating-code'
import { codeSubject } from '../server/src/modules/roll/attendance/attendance.service'
import { clusterCpuMicros } from './pg-cpu'
import { ask, startChild } from './server'
import { machineLoad, percentile, random, rowsOf } from './stats'

const ROOT = path.resolve(__dirname, '..')
const RESULTS = path.join(ROOT, 'bench', 'results')
const STUDENTS = Number(process.env.BENCH_ATTENDANCE_STUDENTS || 2000)
const SECONDS = Number(process.env.BENCH_ATTENDANCE_SECONDS || 120)
const SECRET = 'bench-secret-bench-secret-bench-secret'
const PUNCH_PATH = '/api/zms/attendance/attendanceRecord/punchCourse'
const CHECK_IN_SECRET = 'bench-session-secret'

export interface AttendanceResult {
  db: 'postgres'
  students: number
  seconds: number
  poolSize: number
  scans: number
  answered: number
  present: number
  late: number
  again: number
  other: number
  scansPerSecond: number
  p50: number
  p99: number
  max: number
  serverCpuUs: number
  postgresCpuUs: number
  /** Students with more than one record (must be 0). */
  duplicates: number
  /** Scans answered 200 whose student has no record (must be 0). */
  lost: number
  /** Students who scanned and have no record (must be 0). */
  missing: number
  loadAverage: number
}

/** The class, its students (in it since yesterday) with their sessions, and one session that started a minute ago. */
async function seed(url: string): Promise<{ students: number[]; sessionId: number }> {
  const database = await openDatabase({ url, poolSize: 2, dataDir: '' })
  try {
    await database.migrate()
    const db = database.db
    const [klass] = rowsOf<{ id: number }>(
      await db.execute(sql`
        INSERT INTO classes (name, school, major, level, batch_year, batch) VALUES ('压测面授班', '压测学校', '工商管理', '本科', 2026, 1)
        RETURNING id`),
    )
    await db.execute(sql`
      INSERT INTO students (phone, name, education_type, school, major, level, batch_year, batch, status)
      SELECT '135' || lpad(i::text, 8, '0'), '签到压测' || i, '成人高考', '压测学校', '工商管理', '本科', 2026, 1, '在读'
      FROM generate_series(1, ${STUDENTS}) AS i`)
    await db.execute(sql`
      INSERT INTO sessions (token_hash, kind, account_id, expires_at)
      SELECT encode(sha256(convert_to('bench-attendance-' || id, 'UTF8')), 'hex'), 'user', account_id, now() + interval '30 days'
      FROM students WHERE phone LIKE '135%'`)
    await db.execute(sql`
      INSERT INTO class_members (class_id, student_id, created_at, added_by)
      SELECT ${klass!.id}, id, now() - interval '1 day', '压测' FROM students WHERE phone LIKE '135%'`)
    const startsAt = new Date(Date.now() - 60_000)
    const endsAt = new Date(startsAt.getTime() + (SECONDS + 3600) * 1000)
    const [session] = rowsOf<{ id: number }>(
      await db.execute(sql`
        INSERT INTO attendance_sessions (class_id, course, teacher_name, starts_at, ends_at, start_slot, end_slot, place, check_in_secret)
        VALUES (${klass!.id}, '压测课程', '压测老师', ${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, 0, 1, '报告厅', ${CHECK_IN_SECRET})
        RETURNING id`),
    )
    await db.execute(sql`VACUUM ANALYZE`)
    const students = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM students WHERE phone LIKE '135%' ORDER BY id`)).map((r) =>
      Number(r.id),
    )
    return { students, sessionId: Number(session!.id) }
  } finally {
    await database.close()
  }
}

async function audit(url: string, sessionId: number, answered: Set<number>, scanned: Set<number>) {
  const database = await openDatabase({ url, poolSize: 1, dataDir: '' })
  try {
    const rows = rowsOf<{ student_id: number; n: number }>(
      await database.db.execute(
        sql`SELECT student_id, count(*)::int AS n FROM attendance_records WHERE session_id = ${sessionId} GROUP BY student_id`,
      ),
    )
    const recorded = new Set(rows.map((r) => Number(r.student_id)))
    return {
      duplicates: rows.filter((r) => Number(r.n) > 1).length,
      lost: [...answered].filter((id) => !recorded.has(id)).length,
      missing: [...scanned].filter((id) => !recorded.has(id)).length,
    }
  } finally {
    await database.close()
  }
}

export async function runAttendanceBench(): Promise<AttendanceResult> {
  const base = execFileSync('bash', [path.join(ROOT, 'scripts', 'pg.sh'), 'start'], { encoding: 'utf8' }).trim()
  const name = `bench_attendance_${Date.now()}`
  execFileSync('psql', [base, '-qc', `CREATE DATABASE ${name}`])
  const url = base.replace(/\/[^/]*$/, `/${name}`)
  const poolSize = Number(process.env.BENCH_POOL_SIZE || 20)
  try {
    const { loadAverage } = machineLoad('attendance')
    console.log(`[attendance] seeding ${STUDENTS} students of one class and a session open now…`)
    const { students, sessionId } = await seed(url)
    const { child, url: server } = await startChild({ DATABASE_URL: url, DATABASE_POOL_SIZE: String(poolSize), APP_SECRET: SECRET })
    try {
      const next = random(20261205)
      // Arrivals over SECONDS (Poisson: exponential gaps), one in ten tapping twice 0.5-3 s later.
      const rate = STUDENTS / SECONDS
      let t = 0
      const scans: Array<{ at: number; studentId: number }> = []
      for (const studentId of students) {
        t += -Math.log(1 - next()) / rate
        scans.push({ at: t * 1000, studentId })
        if (next() < 0.1) scans.push({ at: (t + 0.5 + next() * 2.5) * 1000, studentId })
      }
      scans.sort((a, b) => a.at - b.at)
      console.log(
        `[attendance] ${scans.length} scans by ${STUDENTS} students over ${SECONDS} s (the code changes every ${ATTENDANCE_CODE_SECONDS} s)`,
      )
      const cpu = async () => (await ask<{ micros: number }>(child, 'cpu')).micros
      const serverBefore = await cpu()
      const postgresBefore = clusterCpuMicros()
      const latencies: number[] = []
      const answered = new Set<number>()
      const counts = { present: 0, late: 0, again: 0, other: 0 }
      const began = performance.now()
      await Promise.all(
        scans.map(async ({ at, studentId }) => {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - (performance.now() - began))))
          // The code on the screen at this moment, as the student's camera reads it.
          const { code } = screenCode({
            secret: SECRET,
            subject: codeSubject({ id: sessionId, checkInSecret: CHECK_IN_SECRET }),
            periodSeconds: ATTENDANCE_CODE_SECONDS,
            now: new Date(),
          })
          const sent = performance.now()
          try {
            const res = await fetch(`${server}${PUNCH_PATH}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: `sid=bench-attendance-${studentId}` },
              body: JSON.stringify({ sessionId, code, latitude: 30.27, longitude: 120.15, accuracy: 20 }),
            })
            const body = (await res.json()) as { data?: { status: string; again: boolean } }
            latencies.push(performance.now() - sent)
            if (res.status !== 200 || !body.data) counts.other++
            else {
              answered.add(studentId)
              if (body.data.again) counts.again++
              else if (body.data.status === '出勤') counts.present++
              else counts.late++
            }
          } catch {
            counts.other++
          }
        }),
      )
      const elapsed = (performance.now() - began) / 1000
      const sorted = latencies.sort((a, b) => a - b)
      const served = Math.max(1, latencies.length)
      const round = (ms: number) => Math.round(ms * 10) / 10
      const serverCpuUs = Math.round(((await cpu()) - serverBefore) / served)
      const postgresCpuUs = Math.round((clusterCpuMicros() - postgresBefore) / served)
      child.removeAllListeners('exit')
      child.send({ type: 'close' })
      await new Promise((r) => child.once('exit', r))
      return {
        db: 'postgres',
        students: STUDENTS,
        seconds: SECONDS,
        poolSize,
        scans: scans.length,
        answered: latencies.length - counts.other,
        ...counts,
        scansPerSecond: Math.round((scans.length / elapsed) * 10) / 10,
        p50: round(percentile(sorted, 50)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1) ?? 0),
        serverCpuUs,
        postgresCpuUs,
        ...(await audit(url, sessionId, answered, new Set(students))),
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

export function markdown(r: AttendanceResult): string {
  return [
    '# Face-to-face check-in benchmark',
    '',
    `POST ${PUNCH_PATH} on PostgreSQL: ${r.students} students of one class scanning one session's rotating code over ${r.seconds} s (Poisson arrivals, one in ten scanning twice), pool ${r.poolSize}; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}, load average ${r.loadAverage} at the start), Node ${process.version}.`,
    '',
    '| scans | answered | 出勤 | 迟到 | again | other | scans/s | p50 ms | p99 ms | max ms | server CPU µs/scan | PostgreSQL CPU µs/scan |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${r.scans} | ${r.answered} | ${r.present} | ${r.late} | ${r.again} | ${r.other} | ${r.scansPerSecond} | ${r.p50} | ${r.p99} | ${r.max} | ${r.serverCpuUs} | ${r.postgresCpuUs} |`,
    '',
    `Goal: p99 ≤ 50 ms. Students with more than one record: ${r.duplicates} (must be 0); scans answered but not stored: ${r.lost} (must be 0); students who scanned without a record: ${r.missing} (must be 0).`,
  ].join('\n')
}

if (require.main === module) {
  runAttendanceBench()
    .then((result) => {
      fs.mkdirSync(RESULTS, { recursive: true })
      fs.writeFileSync(path.join(RESULTS, 'attendance.json'), JSON.stringify({ at: new Date().toISOString(), result }, null, 2))
      const md = `${markdown(result)}\n`
      fs.writeFileSync(path.join(RESULTS, 'attendance.md'), md)
      console.log(`\n${md}`)
      if (result.duplicates !== 0 || result.lost !== 0 || result.missing !== 0 || result.other !== 0 || result.p99 > 50) process.exit(1)
    })
    .catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
}
