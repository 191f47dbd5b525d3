/**
 * Lighthouse (the npm package, driving Debian's Chromium), performance and accessibility, of the
 * pages a person opens first (the H5 pages as a phone, the console as a desktop), served by the
 * production server: login, the signed-in home (the demo partner signs in and Lighthouse sends the
 * cookie with every request), what a prospect lands on from a poster (the activities with the partner's `ref`, and an activity's detail), and
 * the operator console (its sign-in screen, the dashboard, the clue, partner, student and fee-order
 * lists, a course's content, a paper and the positions, the operator signed in through the
 * console's API, its cookie sent the same way).
 *
 * Each page is measured LH_RUNS times (default 3) and reported at its worst: the lowest
 * performance and accessibility scores, the highest FCP, LCP, TBT, main-thread work and JS
 * bootup time, the most bytes that crossed the wire (compressed as served). Beside them, the
 * accessibility audits that failed in any run. LH_PAGES (a comma list of page names) measures
 * only those pages.
 *
 *   node --import tsx bench/lighthouse.ts            prints the table
 *   LH_RUNS=1 LH_PAGES='login,console sign-in' node --import tsx bench/lighthouse.ts
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { BENCH_OPERATOR, cookieOf } from './session'

const ROOT = path.resolve(__dirname, '..')

/** One page over its runs, each figure at its worst. */
export interface LighthouseResult {
  page: string
  url: string
  runs: number
  /** Performance score, 0-100: the lowest of the runs. */
  score: number
  /** The highest of the runs, as are the other times. */
  fcpMs: number
  lcpMs: number
  tbtMs: number
  /** Main-thread work (audit mainthread-work-breakdown). */
  mainThreadMs: number
  /** JavaScript execution time (audit bootup-time). */
  bootupMs: number
  /** Accessibility score, 0-100: the lowest of the runs. */
  a11y: number
  /** The accessibility audits that failed in any run (score below 1), by id. */
  a11yFailures: string[]
  /** Bytes transferred for the whole page load (Lighthouse's total-byte-weight, as sent): the most of the runs. */
  transferBytes: number
  /** Script bytes transferred: the most of the runs. */
  scriptBytes: number
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

/** The production server (NODE_ENV=production) over a fresh embedded database with the demo data. */
async function startProductionServer() {
  const port = await freePort()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'am-lh-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'pglite'),
      UPLOADS_DIR: path.join(dir, 'uploads'),
      SKIP_H5_BUILD: '1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret',
      ADMIN_ACCOUNT: BENCH_OPERATOR.account,
      ADMIN_PASSWORD: BENCH_OPERATOR.password,
      SMS_PROVIDER: 'local',
      LOGIN_GATEWAY: 'local',
      PAY_PROVIDER: 'none',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('the production server exited early')
    try {
      if ((await fetch(`${url}/api/health`)).ok) break
    } catch {
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The first published activity a prospect can open (the demo data has several). */
async function firstActivityId(url: string): Promise<number> {
  const res = await fetch(`${url}/api/cms/activity/activity/listForClient?page=1&size=1`)
  const body = (await res.json()) as { data?: { list?: Array<{ id: number }> } }
  const id = body.data?.list?.[0]?.id
  if (!id) throw new Error('no published activity in the demo data')
  return id
}

async function demoCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/ems/partner/client/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
    body: new URLSearchParams({ phone: '13800000000', password: 'demo1234' }),
  })
  return cookieOf(res)
}

/**
 * What the H5 app keeps of a signed-in partner (src/store: zustand's persisted state under
 * `activity_mobile_userInfo`, in Taro's `{data}` storage wrapper). The app takes the session from
 * it: with the cookie alone, a fresh load of home goes to the login page.
 */
async function partnerStorage(url: string, cookie: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/ums/user/user/signInfo`, { headers: { cookie, accept: 'application/json' } })
  const body = (await res.json()) as { code?: number; message?: string; data?: { id?: number } }
  if (body.code !== 0 || !body.data?.id) throw new Error(`the demo partner is not signed in: ${body.message ?? res.status}`)
  return { activity_mobile_userInfo: JSON.stringify({ data: JSON.stringify({ state: { user: body.data }, version: 1 }) }) }
}

/**
 * Before a run that keeps storage (Lighthouse's storage reset off): the page's origin gets `items`
 * in its local storage and the browser's HTTP cache is emptied, so the load is still a cold one.
 */
async function seedStorage(port: number, origin: string, items: Record<string, string>): Promise<void> {
  const { chromium } = await import('@playwright/test')
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext())
    const page = await context.newPage()
    await page.goto(`${origin}/api/health`)
    await page.evaluate((entries) => {
      localStorage.clear()
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
    }, items)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    await page.close()
  } finally {
    await browser.close()
  }
}

/** Script bytes as transferred, from Lighthouse's per-resource summary. */
function scriptTransferBytes(lhr: Lhr): number {
  const details = lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined
  return details?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0
}

/** The first row's id of a console list (the demo data has courses and papers), read with the operator's cookie. */
async function firstId(url: string, cookie: string, list: string): Promise<number> {
  const res = await fetch(`${url}${list}?page=1&size=1`, { headers: { cookie, accept: 'application/json' } })
  const body = (await res.json()) as { data?: { list?: Array<{ id: number }> } }
  const id = body.data?.list?.[0]?.id
  if (!id) throw new Error(`no row in ${list} in the demo data`)
  return id
}

/** An operator's session cookie, signed in through the console's own API (the bench server's ADMIN_ACCOUNT). */
async function operatorCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/bms/system/admin/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: url },
    body: JSON.stringify(BENCH_OPERATOR),
  })
  const body = (await res.json()) as { code?: number; message?: string }
  if (body.code !== 0) throw new Error(`the operator's sign-in was refused: ${body.message ?? res.status}`)
  return cookieOf(res)
}

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> } | undefined>
  audits: Record<string, { score: number | null; numericValue?: number; details?: unknown } | undefined>
}

/** One run's figures. */
function figures(lhr: Lhr) {
  const value = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0)
  const a11y = lhr.categories.accessibility
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    mainThreadMs: value('mainthread-work-breakdown'),
    bootupMs: value('bootup-time'),
    a11y: Math.round((a11y?.score ?? 0) * 100),
    // Audits that count (weight > 0) and failed; not-applicable and manual ones have a null score.
    a11yFailures: (a11y?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
    transferBytes: value('total-byte-weight'),
    scriptBytes: scriptTransferBytes(lhr),
  }
}

type Figures = ReturnType<typeof figures>

/** The worst of the runs. */
function worst(runs: Figures[]): Omit<LighthouseResult, 'page' | 'url'> {
  const min = (pick: (f: Figures) => number) => Math.min(...runs.map(pick))
  const max = (pick: (f: Figures) => number) => Math.max(...runs.map(pick))
  return {
    runs: runs.length,
    score: min((f) => f.score),
    fcpMs: max((f) => f.fcpMs),
    lcpMs: max((f) => f.lcpMs),
    tbtMs: max((f) => f.tbtMs),
    mainThreadMs: max((f) => f.mainThreadMs),
    bootupMs: max((f) => f.bootupMs),
    a11y: min((f) => f.a11y),
    a11yFailures: [...new Set(runs.flatMap((f) => f.a11yFailures))],
    transferBytes: max((f) => f.transferBytes),
    scriptBytes: max((f) => f.scriptBytes),
  }
}

/** The page names runLighthouse knows (LH_PAGES picks among them). */
export const PAGE_NAMES = [
  'login',
  'home',
  'poster landing',
  'activity detail',
  'console sign-in',
  'console dashboard',
  'console clues',
  'console partners',
  'console students',
  'console course content',
  'console paper',
  'console fee orders',
  'console positions',
] as const

function selectedPages(): Set<string> {
  const wanted = (process.env.LH_PAGES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  for (const name of wanted)
    if (!(PAGE_NAMES as readonly string[]).includes(name)) throw new Error(`LH_PAGES: no page named "${name}" (${PAGE_NAMES.join(', ')})`)
  return new Set(wanted.length ? wanted : PAGE_NAMES)
}

function runCount(): number {
  const runs = Number(process.env.LH_RUNS ?? 3)
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`LH_RUNS must be a whole number from 1, not "${process.env.LH_RUNS}"`)
  return runs
}

export async function runLighthouse(): Promise<LighthouseResult[]> {
  const runs = runCount()
  const selected = selectedPages()
  process.env.CHROME_PATH ||= '/usr/bin/chromium'
  const { default: lighthouse, desktopConfig } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const server = await startProductionServer()
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  try {
    const partner = await demoCookie(server.url)
    const operator = await operatorCookie(server.url)
    const activityId = await firstActivityId(server.url)
    const courseId = await firstId(server.url, operator, '/api/bms/cont/continueCourse/list')
    const paperId = await firstId(server.url, operator, '/api/bms/cont/paper/list')
    const all: Array<{
      page: (typeof PAGE_NAMES)[number]
      url: string
      headers: Record<string, string>
      /** Local storage the page starts with (Lighthouse then keeps storage instead of clearing it). */
      storage?: Record<string, string>
    }> = [
      { page: 'login', url: `${server.url}/pages/user/login`, headers: {} },
      { page: 'home', url: `${server.url}/`, headers: { Cookie: partner }, storage: await partnerStorage(server.url, partner) },
      { page: 'poster landing', url: `${server.url}/pages/activity/main?ref=DEMO01`, headers: {} },
      { page: 'activity detail', url: `${server.url}/pages/activity/detail?id=${activityId}&ref=DEMO01`, headers: {} },
      { page: 'console sign-in', url: `${server.url}/admin/signIn`, headers: {} },
      { page: 'console dashboard', url: `${server.url}/admin/dashboard`, headers: { Cookie: operator } },
      { page: 'console clues', url: `${server.url}/admin/clues`, headers: { Cookie: operator } },
      { page: 'console partners', url: `${server.url}/admin/partners`, headers: { Cookie: operator } },
      { page: 'console students', url: `${server.url}/admin/students`, headers: { Cookie: operator } },
      { page: 'console course content', url: `${server.url}/admin/courses/${courseId}/content`, headers: { Cookie: operator } },
      { page: 'console paper', url: `${server.url}/admin/papers/${paperId}`, headers: { Cookie: operator } },
      { page: 'console fee orders', url: `${server.url}/admin/fee-orders`, headers: { Cookie: operator } },
      { page: 'console positions', url: `${server.url}/admin/positions`, headers: { Cookie: operator } },
    ]
    const pages = all.filter((p) => selected.has(p.page))
    const results: LighthouseResult[] = []
    for (const p of pages) {
      const measured: Figures[] = []
      for (let i = 0; i < runs; i++) {
        if (p.storage) await seedStorage(chrome.port, server.url, p.storage)
        // The console is the office's desktop app (1366x768 and up): Lighthouse's desktop settings
        // (screen, throttling); the H5 pages are measured as a phone loads them.
        const desktop = p.page.startsWith('console ')
        const run = await lighthouse(
          p.url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            ...(desktop ? {} : { formFactor: 'mobile' as const }),
            extraHeaders: p.headers,
            disableStorageReset: Boolean(p.storage),
          },
          desktop ? desktopConfig : undefined,
        )
        if (!run) throw new Error(`Lighthouse returned nothing for ${p.url}`)
        // A page that needs a session and lost it ends on the login page: that would be measured instead.
        const landed = new URL(run.lhr.finalDisplayedUrl).pathname
        if (landed === '/pages/user/login' && new URL(p.url).pathname !== landed)
          console.warn(`${p.page}: sent to the login page; Lighthouse measured that instead of ${p.url}`)
        if (process.env.LH_JSON_DIR) {
          fs.mkdirSync(process.env.LH_JSON_DIR, { recursive: true })
          const file = `${p.page.replace(/\W+/g, '-')}-${i + 1}.json`
          fs.writeFileSync(path.join(process.env.LH_JSON_DIR, file), JSON.stringify(run.lhr, null, 2))
        }
        measured.push(figures(run.lhr as unknown as Lhr))
      }
      results.push({ page: p.page, url: p.url.replace(server.url, ''), ...worst(measured) })
    }
    return results
  } finally {
    await chrome.kill()
    await server.stop()
  }
}

/** The table `node --import tsx bench/lighthouse.ts` prints (times in ms, bytes in KB). */
export function table(results: LighthouseResult[]) {
  return results.map((r) => ({
    page: r.page,
    runs: r.runs,
    'perf (min)': r.score,
    'FCP (max)': r.fcpMs,
    'LCP (max)': r.lcpMs,
    'TBT (max)': r.tbtMs,
    'main thread (max)': r.mainThreadMs,
    'bootup (max)': r.bootupMs,
    'a11y (min)': r.a11y,
    'KB (all)': Math.round(r.transferBytes / 102.4) / 10,
    'KB (script)': Math.round(r.scriptBytes / 102.4) / 10,
  }))
}

if (require.main === module) {
  runLighthouse()
    .then((results) => {
      console.table(table(results))
      for (const r of results)
        if (r.a11yFailures.length) console.log(`${r.page} (${r.url}): failing accessibility audits: ${r.a11yFailures.join(', ')}`)
    })
    .catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
}
