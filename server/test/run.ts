/**
 * Runs every server test file (server/src/**\/*.test.ts and server/test/**\/*.test.ts) with node's
 * test runner. On PGlite by default; on PostgreSQL when DATABASE_URL is set. Extra arguments are
 * file filters: `node --import tsx server/test/run.ts clues withdrawals`; `--embedded` runs only
 * the files of EMBEDDED below (npm test runs every file on PostgreSQL, and these on PGlite too).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { prepareTemplate } from './helper.ts'

const SERVER = path.resolve(__dirname, '..')

/**
 * What behaves differently on the embedded database (PGlite, `npm start`'s default) than on the
 * PostgreSQL server production runs: npm test runs the whole suite on PostgreSQL and these files
 * on PGlite as well. A file belongs here when it tests code that takes another path on PGlite.
 */
export const EMBEDDED = [
  // The data directory's lock (one process at a time) and the cursors' row values through both drivers.
  'src/db/lock.test.ts',
  'src/db/cursor.test.ts',
  // Start, migrations and demo data on a fresh embedded directory, as `npm start` does.
  'src/seed/demo.test.ts',
  'src/modules/platform/accounts/accounts.migration.test.ts',
  // Readiness and the pool metrics report the embedded database.
  'src/modules/platform/health/health.test.ts',
  'src/plugins/metrics.test.ts',
  // The live-session cache's change notices: in-process callbacks on PGlite, LISTEN/NOTIFY on PostgreSQL.
  'src/modules/platform/sessions/session-cache.test.ts',
  // Raw statements (the message counts) through each driver's own result shape.
  'src/modules/platform/messages/messages.test.ts',
  // Stopping and crashing: the directory closed cleanly on SIGTERM, and opened again after kill -9.
  'test/multiprocess/shutdown.test.ts',
  'test/hardening/crash.test.ts',
  // Issue 37: each hole the attacker's probe found, replayed once on the embedded database too.
  'test/hardening/probe-holes.test.ts',
]

function find(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) find(full, out)
    else if (entry.name.endsWith('.test.ts')) out.push(full)
  }
  return out
}

async function main() {
  const args = process.argv.slice(2)
  const embedded = args.includes('--embedded')
  const filters = args.filter((a) => a !== '--embedded')
  const files = [...find(path.join(SERVER, 'src')), ...find(path.join(SERVER, 'test'))]
    .filter((f) => !embedded || EMBEDDED.some((x) => f === path.join(SERVER, x)))
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
    .sort()
  if (embedded && files.length !== EMBEDDED.length && filters.length === 0) {
    console.error(`--embedded: ${EMBEDDED.length - files.length} file(s) of EMBEDDED no longer exist`)
    process.exit(1)
  }
  if (files.length === 0) {
    console.error('no test files matched')
    process.exit(1)
  }
  const started = Date.now()
  await prepareTemplate()
  const postgres = Boolean(process.env.DATABASE_URL)
  // PostgreSQL works in processes of its own, so one more file process keeps both cores busy.
  const concurrency = process.env.TEST_CONCURRENCY ?? String(Math.max(2, os.availableParallelism()) + (postgres ? 1 : 0))
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'am-server-tests-'))
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-concurrency=${concurrency}`, ...batches(files, work)],
    {
      stdio: 'inherit',
      // The run's own uploads and storage: no file reads what an earlier run left there.
      env: { ...process.env, NODE_ENV: 'test', TEST_UPLOADS_DIR: path.join(work, 'uploads') },
      cwd: path.resolve(SERVER, '..'),
    },
  )
  fs.rmSync(work, { recursive: true, force: true })
  const db = postgres ? 'PostgreSQL' : 'PGlite'
  console.log(`server tests on ${db}: ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  process.exit(result.status ?? 1)
}

/** Files that take long on their own (route-table walks, several server processes): each runs alone, first. */
const LONG = [/[/\\]test[/\\]hardening[/\\]/, /[/\\]test[/\\]multiprocess[/\\]/]
/**
 * How many of the other files share one process; TEST_FILES_PER_PROCESS=1 gives each its own (to
 * find a file that leaks into the next, or to compare coverage with a run laid out that way).
 */
const PER_PROCESS = Number(process.env.TEST_FILES_PER_PROCESS) || 10

/**
 * The files as the test runner's units: node's runner starts a process per unit, which loads the
 * server's modules and compiles them (about a second and a half of CPU before the first test);
 * here most files share a process, PER_PROCESS at a time, each file its own suite named after
 * it, with its hooks and tests as they are (they build their own app over their own database,
 * and close it). The long files come first and alone, so the runner's processes end together.
 * Returns the units' paths: small CommonJS files written under `work`.
 */
function batches(files: string[], work: string): string[] {
  const long = files.filter((f) => LONG.some((re) => re.test(f)))
  const rest = files.filter((f) => !long.includes(f))
  const groups = [...long.map((f) => [f])]
  for (let i = 0; i < rest.length; i += PER_PROCESS) groups.push(rest.slice(i, i + PER_PROCESS))
  return groups.map((group, i) => {
    const unit = path.join(work, `unit-${String(i + 1).padStart(2, '0')}.test.cjs`)
    const lines = group.map(
      (f) => `describe(${JSON.stringify(path.relative(path.resolve(SERVER, '..'), f))}, () => { require(${JSON.stringify(f)}) })`,
    )
    fs.writeFileSync(unit, ["'use strict'", "const { describe } = require('node:test')", ...lines, ''].join('\n'))
    return unit
  })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
