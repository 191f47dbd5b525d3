/**
 * Reads the browser tests' JSON report (test-results/playwright.json, playwright.config.ts) for
 * scripts/test.sh:
 *   counts REPORT  prints "passed failed": passed = expected + flaky, failed = unexpected (a test
 *                  that failed on its retry too, or with no retry) + interrupted
 *   names REPORT   prints each flaky, failed and skipped test by file and title, one a line, for
 *                  the summary in test-results/layers.txt
 */
import fs from 'node:fs'
import path from 'node:path'

interface Spec {
  title: string
  file: string
  line: number
  tests: Array<{ status: 'expected' | 'unexpected' | 'flaky' | 'skipped'; results: Array<{ status: string; retry: number }> }>
}
interface Suite {
  title: string
  file: string
  specs?: Spec[]
  suites?: Suite[]
}
interface Report {
  config: { rootDir: string }
  suites: Suite[]
  stats: { expected: number; unexpected: number; flaky: number; skipped: number; interrupted?: number }
  errors?: Array<{ message?: string }>
}

const [what, file] = process.argv.slice(2)
if (!file || (what !== 'counts' && what !== 'names')) {
  console.error('usage: playwright-summary.ts counts|names REPORT')
  process.exit(2)
}
const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report

/** Every test with its file and its describe titles › its own title. */
function* tests(suite: Suite, titles: string[]): Generator<{ where: string; title: string; status: Spec['tests'][number]['status'] }> {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests)
      yield {
        where: `${path.relative(process.cwd(), path.join(report.config.rootDir, spec.file))}:${spec.line}`,
        title: [...titles, spec.title].join(' › '),
        status: test.status,
      }
  }
  for (const child of suite.suites ?? []) yield* tests(child, [...titles, child.title])
}

const all = report.suites.flatMap((s) => [...tests(s, [])])
if (what === 'counts') {
  const { expected, unexpected, flaky, interrupted = 0 } = report.stats
  // An error outside any test (a config or an import that throws) fails the layer too.
  const outside = all.length === 0 && (report.errors?.length ?? 0) > 0 ? 1 : 0
  console.log(expected + flaky, unexpected + interrupted + outside)
} else {
  const group = (status: string, heading: string) => {
    const found = all.filter((t) => t.status === status)
    if (!found.length) return
    console.log(`  ${heading} (${found.length}):`)
    for (const t of found) console.log(`    ${t.where} › ${t.title}`)
  }
  group('flaky', 'flaky: failed, then passed on the retry (diagnosis in test-results/browser-failures.log)')
  group('unexpected', 'failed')
  group('skipped', 'not run after a failure in their file')
}
