/**
 * Browser-test plumbing: runs the real `npm start` program (scripts/start.ts) on a free port
 * over a fresh embedded database, and drives Debian's Chromium through playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

export const ROOT = path.resolve(__dirname, '../..')
export const ARTEFACTS = path.join(ROOT, 'test-results', 'screenshots')
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export interface RunningApp {
  url: string
  dataDir: string
  output: () => string
  stop: () => Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

/** Starts `npm start`'s program; the H5 app and the console must already be built (npm test builds them first). */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'am-e2e-'))
  let log = ''
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'pglite'),
      SKIP_H5_BUILD: '1',
      SKIP_ADMIN_BUILD: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  const url = `http://127.0.0.1:${port}`
  // Generous: a fresh database's migrations and demo data take long on a loaded 2-core machine;
  // E2E_START_SECONDS changes the limit.
  const limit = Number(process.env.E2E_START_SECONDS) || 150
  const deadline = Date.now() + limit * 1000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${log}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Stopped, or the test process would wait on it forever.
      child.kill('SIGKILL')
      throw new Error(`the server did not answer /api/health within ${limit} s:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    dataDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export async function launchBrowser(): Promise<Browser> {
  // Playwright gives every launch a fresh, empty profile of its own.
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
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
}

/** A phone-sized context (375×667), as a partner sees the app. */
export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  })
}

/** Keeps a screenshot as a test artefact under test-results/screenshots. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTEFACTS, { recursive: true })
  const file = path.join(ARTEFACTS, `${name}.png`)
  await page.screenshot({ path: file, fullPage: false })
  return file
}
