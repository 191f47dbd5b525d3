/**
 * Runs the browser test files (test/e2e/*.test.ts, or the files named as arguments), each in its
 * own `node --test` process, E2E_CONCURRENCY (2) at a time, the largest files first so the two
 * lanes end together. Each file's output is printed whole when it ends.
 *
 * A file with a failed test is run once more, alone, after the others: a browser test on a loaded
 * machine can lose a race that is not the product's (an animation, a slow chunk). A file that
 * passes on its second run counts as passed, and is named under "passed on the second run"
 * with the tests that failed the first time (their diagnosis, screenshots included, is in
 * test-results/browser-failures.log): flaky tests stay visible without sinking the run. A file
 * that fails twice fails the run.
 *
 * Ends with node's own closing lines (ℹ tests, ℹ pass, ℹ fail) for all files together.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '../..')
const DIR = path.join(ROOT, 'test', 'e2e')
/** A file still running after this long is stopped and counted as failed. */
const FILE_LIMIT_MS = Number(process.env.E2E_FILE_LIMIT_SECONDS || 1200) * 1000

interface Outcome {
  file: string
  pass: number
  fail: number
  /** The names of the failed tests (node's "✖ failing tests" list). */
  failures: string[]
  seconds: number
  output: string
}

const count = (output: string, what: string) =>
  [...output.matchAll(new RegExp(`^ℹ ${what} (\\d+)$`, 'gm'))].reduce((sum, m) => sum + Number(m[1]), 0)

function failedNames(output: string): string[] {
  const at = output.indexOf('✖ failing tests:')
  if (at < 0) return []
  return output
    .slice(at)
    .split('\n')
    .filter((line) => /^✖ /.test(line) && !line.startsWith('✖ failing tests'))
    .map((line) => line.slice(2).replace(/ \([\d.]+ms\)$/, ''))
}

function runFile(file: string): Promise<Outcome> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', file], {
      cwd: ROOT,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const limit = setTimeout(() => {
      output += `\n✖ ${path.relative(ROOT, file)} still running after ${FILE_LIMIT_MS / 1000} s: stopped\n`
      child.kill('SIGKILL')
    }, FILE_LIMIT_MS)
    child.on('close', (code) => {
      clearTimeout(limit)
      const pass = count(output, 'pass')
      let fail = count(output, 'fail')
      // A file that died or was stopped without reporting a failure still failed.
      if (code !== 0 && fail === 0) fail = 1
      resolve({
        file: path.relative(ROOT, file),
        pass,
        fail,
        failures: failedNames(output),
        seconds: (Date.now() - started) / 1000,
        output,
      })
    })
  })
}

/** Prints a file's output with its own closing lines renamed, so that only the run's totals read as node's. */
function show(outcome: Outcome, attempt: string) {
  console.log(`\n── ${outcome.file}${attempt} (${outcome.seconds.toFixed(0)} s)`)
  process.stdout.write(outcome.output.replace(/^ℹ (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) /gm, '  $1: '))
}

async function runAll(files: string[], concurrency: number, attempt: string): Promise<Outcome[]> {
  const queue = [...files]
  const outcomes: Outcome[] = []
  const lane = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const outcome = await runFile(file)
      show(outcome, attempt)
      outcomes.push(outcome)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, lane))
  return outcomes
}

async function main() {
  const named = process.argv.slice(2).map((f) => path.resolve(ROOT, f))
  const files = (
    named.length
      ? named
      : fs
          .readdirSync(DIR)
          .filter((f) => f.endsWith('.test.ts'))
          .map((f) => path.join(DIR, f))
  )
    // Largest first: the long files start at once, the short ones fill in at the end.
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)
  const concurrency = Math.max(1, Number(process.env.E2E_CONCURRENCY) || 2)
  const started = Date.now()

  const first = await runAll(files, concurrency, '')
  const failed = first.filter((o) => o.fail > 0)
  // Alone, so that the second run is not the loaded machine's race again.
  const second = failed.length
    ? await runAll(
        failed.map((o) => path.join(ROOT, o.file)),
        1,
        ' (second run)',
      )
    : []
  const final = new Map([...first, ...second].map((o) => [o.file, o]))

  const flaky = second.filter((o) => o.fail === 0)
  if (flaky.length) {
    console.log('\n── passed on the second run (failed at first; see test-results/browser-failures.log):')
    for (const o of flaky) {
      const before = failed.find((f) => f.file === o.file)
      console.log(`  ${o.file}: ${before?.failures.join('; ') || 'the file failed'}`)
    }
  }
  const broken = [...final.values()].filter((o) => o.fail > 0)
  if (broken.length) {
    console.log('\n── failed twice:')
    for (const o of broken) console.log(`  ${o.file}: ${o.failures.join('; ') || 'the file failed'}`)
  }
  const pass = [...final.values()].reduce((s, o) => s + o.pass, 0)
  const fail = [...final.values()].reduce((s, o) => s + o.fail, 0)
  console.log(`\nbrowser tests: ${files.length} files in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  console.log(`ℹ tests ${pass + fail}`)
  console.log(`ℹ pass ${pass}`)
  console.log(`ℹ fail ${fail}`)
  process.exit(fail === 0 ? 0 : 1)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
