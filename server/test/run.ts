/**
 * Runs every server test file (server/src/**\/*.test.ts and server/test/**\/*.test.ts) with node's
 * test runner. On PGlite by default; on PostgreSQL when DATABASE_URL is set. Extra arguments are
 * file filters: `node --import tsx server/test/run.ts clues withdrawals`.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { prepareTemplate } from './helper.ts'

const SERVER = path.resolve(__dirname, '..')

function find(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) find(full, out)
    else if (entry.name.endsWith('.test.ts')) out.push(full)
  }
  return out
}

async function main() {
  const filters = process.argv.slice(2)
  const files = [...find(path.join(SERVER, 'src')), ...find(path.join(SERVER, 'test'))]
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
    .sort()
  if (files.length === 0) {
    console.error('no test files matched')
    process.exit(1)
  }
  const started = Date.now()
  await prepareTemplate()
  const concurrency = process.env.TEST_CONCURRENCY ?? String(Math.max(2, os.availableParallelism()))
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-concurrency=${concurrency}`, ...files],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'test' },
      cwd: path.resolve(SERVER, '..'),
    },
  )
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
  console.log(`server tests on ${db}: ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  process.exit(result.status ?? 1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
