/**
 * `npm run bench`: builds the three targets in production mode, then measures and writes
 * bench/results/bench.json and bench.md:
 *   - H5: initial JS/CSS (gzip) of the entry route (and which packages it is made of) and each route's own chunks; Lighthouse mobile
 *     performance and accessibility of the partner's first pages and the console's on the production server (bench/lighthouse.ts:
 *     LH_RUNS runs a page, the worst run's figures; LH_PAGES);
 *   - mini-programs: weapp and alipay main package and subpackages;
 *   - server: bench/server.ts (hello-world, clue list, home summary, withdrawal apply; PGlite and PostgreSQL);
 *   - heartbeat: bench/heartbeat.ts (the player's heartbeat on PostgreSQL while 1,000 students watch);
 *   - the size budgets.
 * BENCH_SKIP=lighthouse,server,heartbeat skips parts.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { attributeH5 } from './attribution'
import { checkBudgets } from './budgets'
import { runLighthouse } from './lighthouse'
import { markdown as heartbeatMarkdown, runHeartbeatBench } from './heartbeat'
import { markdown as serverMarkdown, runServerBench } from './server'
import { ROOT, kb, measureH5, measureMini } from './sizes'
import { machineLoad } from './stats'

const RESULTS = path.join(ROOT, 'bench', 'results')
const skip = new Set((process.env.BENCH_SKIP || '').split(',').filter(Boolean))

function build(type: 'h5' | 'weapp' | 'alipay', env: NodeJS.ProcessEnv = process.env) {
  const started = Date.now()
  const r = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'taro'), ['build', '--type', type, '--mode', 'production'], {
    cwd: ROOT,
    stdio: 'ignore',
    env,
  })
  if (r.status !== 0) throw new Error(`taro build --type ${type} failed`)
  return (Date.now() - started) / 1000
}

/**
 * Which package the entry route's bytes come from: a second H5 build with hidden source maps, in
 * a folder of its own. The sizes are measured on dist/h5, the build the server sends (one with
 * source maps minifies differently: its entry JS was 3.9 KB gzip larger), so the attribution's
 * shares are of a build close to it, not the same bytes.
 */
async function attribution() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'am-h5-maps-'))
  try {
    build('h5', { ...process.env, H5_SOURCE_MAP: '1', TARO_OUTPUT_ROOT: dir })
    return await attributeH5(dir)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

async function main() {
  machineLoad('bench')
  // Lighthouse needs Chromium, the server benchmark PostgreSQL: install them when missing (as npm test does).
  if (!skip.has('lighthouse') || !skip.has('server') || !skip.has('heartbeat')) {
    const system = spawnSync('bash', [path.join(ROOT, 'scripts', 'ensure-system.sh')], { stdio: 'inherit' })
    if (system.status !== 0) throw new Error('scripts/ensure-system.sh failed: Chromium and PostgreSQL are needed')
  }
  const buildSeconds = { h5: build('h5'), weapp: build('weapp'), alipay: build('alipay') }
  const h5 = measureH5()
  const packages = await attribution()
  const mini = { weapp: measureMini('weapp'), alipay: measureMini('alipay') }
  const budgets = checkBudgets()
  const lighthouse = skip.has('lighthouse') ? [] : await runLighthouse()
  const server = skip.has('server') ? [] : await runServerBench()
  const heartbeat = skip.has('heartbeat') ? undefined : await runHeartbeatBench()
  const report = { at: new Date().toISOString(), buildSeconds, h5, attribution: packages, mini, budgets, lighthouse, server, heartbeat }
  fs.mkdirSync(RESULTS, { recursive: true })
  fs.writeFileSync(path.join(RESULTS, 'bench.json'), JSON.stringify(report, null, 2))

  const md: string[] = [
    `# Benchmark report`,
    '',
    `${report.at}; production builds (${Object.entries(buildSeconds)
      .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
      .join(', ')}).`,
    '',
  ]
  md.push('## Budgets', '', '| what | size | budget | verdict |', '|---|---:|---:|---|')
  for (const b of budgets)
    md.push(
      `| ${b.name} | ${b.sizeKb} KB | ${b.budgetKb} KB | ${b.withinBudget ? 'within' : b.pass ? `over; ceiling ${b.ceilingKb} KB: ${b.reason}` : 'OVER'} |`,
    )
  md.push(
    '',
    '## H5 (gzip)',
    '',
    `Shell (index.html's scripts and styles): JS ${kb(h5.shell.js)}, CSS ${kb(h5.shell.css)}. Entry route (shell + home): JS ${kb(h5.initial.js)}, CSS ${kb(h5.initial.css)}.`,
    '',
  )
  md.push(
    "Where the entry route's JS comes from (a second build with hidden source maps; each package's share of the gzip size):",
    '',
    '| package | minified | gzip share |',
    '|---|---:|---:|',
  )
  for (const p of packages.packages.filter((p) => p.gzip >= 1024)) md.push(`| ${p.name} | ${kb(p.raw)} | ${kb(p.gzip)} |`)
  const small = packages.packages.filter((p) => p.gzip < 1024)
  md.push(
    `| ${small.length} smaller ones | ${kb(small.reduce((n, p) => n + p.raw, 0))} | ${kb(small.reduce((n, p) => n + p.gzip, 0))} |`,
    '',
  )
  md.push('| route | own JS | own CSS |', '|---|---:|---:|')
  for (const [route, s] of Object.entries(h5.routes)) md.push(`| ${route} | ${kb(s.js)} | ${kb(s.css)} |`)
  if (lighthouse.length) {
    md.push(
      '',
      '## Lighthouse (mobile, simulated throttling, production server)',
      '',
      `Each page ${lighthouse[0]?.runs ?? 0} times, the worst run's figure each: the lowest scores, the highest times and bytes.`,
      '',
      '| page | performance | FCP | LCP | TBT | main thread | bootup | accessibility | transferred (all / script) |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    )
    for (const l of lighthouse)
      md.push(
        `| ${l.page} (${l.url}) | ${l.score} | ${l.fcpMs} ms | ${l.lcpMs} ms | ${l.tbtMs} ms | ${l.mainThreadMs} ms | ${l.bootupMs} ms | ${l.a11y} | ${kb(l.transferBytes)} / ${kb(l.scriptBytes)} |`,
      )
    const failing = lighthouse.filter((l) => l.a11yFailures.length)
    if (failing.length) md.push('', 'Failing accessibility audits:', '', ...failing.map((l) => `- ${l.page}: ${l.a11yFailures.join(', ')}`))
  }
  md.push('', '## Mini-programs (raw bytes)', '', '| build | main package | subpackages | total |', '|---|---:|---|---:|')
  for (const [name, m] of Object.entries(mini))
    md.push(
      `| ${name} | ${kb(m.main)} | ${Object.entries(m.subPackages)
        .map(([r, s]) => `${r} ${kb(s)}`)
        .join(', ')} | ${kb(m.total)} |`,
    )
  if (server.length) md.push('', serverMarkdown(server).replace(/^# .*\n/, '## Server\n'))
  if (heartbeat) md.push('', heartbeatMarkdown(heartbeat).replace(/^# .*\n/, '## Heartbeats (1,000 students watching)\n'))
  fs.writeFileSync(path.join(RESULTS, 'bench.md'), md.join('\n') + '\n')
  console.log(md.join('\n'))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
