/**
 * Lighthouse (the npm package, driving Debian's Chromium) mobile performance of the pages a person
 * opens first, served by the production server: login, the signed-in home (the demo partner signs
 * in and Lighthouse sends the cookie with every request), and what a prospect lands on from a
 * poster (the activities with the partner's `ref`, and an activity's detail). Score, FCP, LCP, TBT
 * and the bytes that crossed the wire (compressed as served).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '..')

export interface LighthouseResult {
  page: string
  url: string
  score: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  /** Bytes transferred for the whole page load (Lighthouse's total-byte-weight, as sent). */
  transferBytes: number
  /** Script bytes transferred. */
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
      ADMIN_ACCOUNT: 'admin',
      ADMIN_PASSWORD: 'bench-admin-1234',
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
  return (res.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ')
}

/** Script bytes as transferred, from Lighthouse's per-resource summary. */
function scriptTransferBytes(lhr: { audits: Record<string, { details?: unknown }> }): number {
  const details = lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined
  return details?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0
}

export async function runLighthouse(): Promise<LighthouseResult[]> {
  process.env.CHROME_PATH ||= '/usr/bin/chromium'
  const { default: lighthouse } = await import('lighthouse')
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
    const cookie = await demoCookie(server.url)
    const activityId = await firstActivityId(server.url)
    const pages: Array<{ page: string; url: string; headers: Record<string, string> }> = [
      { page: 'login', url: `${server.url}/pages/user/login`, headers: {} },
      { page: 'home', url: `${server.url}/`, headers: { Cookie: cookie } },
      { page: 'poster landing', url: `${server.url}/pages/activity/main?ref=DEMO01`, headers: {} },
      { page: 'activity detail', url: `${server.url}/pages/activity/detail?id=${activityId}&ref=DEMO01`, headers: {} },
    ]
    const results: LighthouseResult[] = []
    for (const p of pages) {
      const run = await lighthouse(p.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        extraHeaders: p.headers,
      })
      if (!run) throw new Error(`Lighthouse returned nothing for ${p.url}`)
      const { lhr } = run
      results.push({
        page: p.page,
        url: p.url.replace(server.url, ''),
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        transferBytes: Math.round(lhr.audits['total-byte-weight']?.numericValue ?? 0),
        scriptBytes: scriptTransferBytes(lhr),
      })
    }
    return results
  } finally {
    await chrome.kill()
    await server.stop()
  }
}

if (require.main === module) {
  runLighthouse()
    .then((r) => console.table(r))
    .catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
}
