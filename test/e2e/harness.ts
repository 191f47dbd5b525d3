/**
 * Browser-test plumbing: runs `npm start`'s server over a fresh database for each test file, and
 * drives Debian's Chromium (playwright.config.ts's launch options) under @playwright/test, one
 * Chromium per worker. Test files take `test` and `expect` from here: this `test` diagnoses each
 * failed test (see `diagnosis` below).
 *
 * The server and its database: with TEST_PG_URL (npm test sets it to its private PostgreSQL),
 * the worker's server host (server-host.ts) runs `npm start`'s server for each file over a
 * database of the file's own, cloned in milliseconds from a template made once per run by a
 * real start (server/test/postgres-databases.ts); without it, or with `startApp(env, { embedded: true })`,
 * it is `npm start`'s program itself (scripts/start.ts) over the embedded PGlite database,
 * copied from a template directory when E2E_TEMPLATE_DIR is set.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import {
  cloneDatabase,
  dropDatabase,
  settingsKey,
  templateDatabase,
  testPostgresUrl,
  withDatabase,
} from '../../server/test/postgres-databases'
import {
  test as base,
  chromium,
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test'

export const ROOT = path.resolve(__dirname, '../..')
export const ARTEFACTS = path.join(ROOT, 'test-results', 'screenshots')
const FAILURES_LOG = path.join(ROOT, 'test-results', 'browser-failures.log')

export interface RunningApp {
  url: string
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

/** Whether the server at `url` answers its health check, on a connection that closes after it (no idle socket to wait for at the stop). */
function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(`${url}/api/health`, { agent: false, timeout: 5_000 }, (res) => {
      res.resume()
      resolve(res.statusCode === 200)
    })
    req.on('error', () => resolve(false))
    req.on('timeout', () => req.destroy())
  })
}

/** The test run's environment for a server process, less a DATABASE_URL of the shell's: each file names its own. */
function inheritedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...inherited } = process.env
  return inherited
}

/** Where a server keeps its data: a PGlite directory or a PostgreSQL database. */
type Store = { pgliteDir: string } | { databaseUrl: string }

function spawnServer(port: number, store: Store, env: Record<string, string>): { child: ChildProcess; log: () => string } {
  let log = ''
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...inheritedEnv(),
      PORT: String(port),
      ...('pgliteDir' in store ? { DATA_DIR: store.pgliteDir } : { DATABASE_URL: store.databaseUrl }),
      SKIP_H5_BUILD: '1',
      SKIP_ADMIN_BUILD: '1',
      ...serverEnv(env),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  return { child, log: () => log }
}

function startLimitSeconds(): number {
  return Number(process.env.E2E_START_SECONDS) || 150
}

async function waitHealthy(url: string, child: ChildProcess, log: () => string): Promise<void> {
  // Generous: a fresh database's migrations and demo data take long on a loaded 2-core machine;
  // E2E_START_SECONDS changes the limit.
  const limit = startLimitSeconds()
  const deadline = Date.now() + limit * 1000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${log()}`)
    if (await healthy(url)) return
    if (Date.now() > deadline) {
      // Stopped, or the test process would wait on it forever.
      child.kill('SIGKILL')
      throw new Error(`the server did not answer /api/health within ${limit} s:\n${log()}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Starts a server on `store`, waits for it to answer, and stops it cleanly: a template's first start. */
async function firstStart(store: Store, env: Record<string, string>): Promise<void> {
  const port = await freePort()
  const { child, log } = spawnServer(port, store, { ...env, SHUTDOWN_DELAY_MS: '0' })
  await waitHealthy(`http://127.0.0.1:${port}`, child, log)
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
  if (child.exitCode !== 0) throw new Error(`the template server did not stop cleanly:\n${log()}`)
}

/**
 * With E2E_TEMPLATE_DIR set (npm test sets it for one run), the PGlite directory a server with
 * these settings starts from: made once per run by a real start (migrations, first operator, demo
 * data) and a clean stop, then copied for each test file. Two files making the same template at
 * once both finish; the first rename wins.
 */
async function pgliteTemplateFor(env: Record<string, string>): Promise<string | undefined> {
  const root = process.env.E2E_TEMPLATE_DIR
  if (!root) return undefined
  const key = settingsKey(env)
  const template = path.join(root, key)
  if (fs.existsSync(template)) return template
  fs.mkdirSync(root, { recursive: true })
  const work = fs.mkdtempSync(path.join(root, `${key}.making-`))
  await firstStart({ pgliteDir: path.join(work, 'pglite') }, env)
  try {
    fs.renameSync(path.join(work, 'pglite'), template)
  } catch (error) {
    if (!fs.existsSync(template)) throw error
  }
  fs.rmSync(work, { recursive: true, force: true })
  return template
}

/** The database a server with these settings starts from on PostgreSQL (server/test/postgres-databases.ts). */
function postgresTemplateFor(url: string, env: Record<string, string>): Promise<string> {
  return templateDatabase(url, 'e2e', env, (databaseUrl) => firstStart({ databaseUrl }, env))
}

export interface StartOptions {
  /**
   * The embedded PGlite database `npm start` opens by default, even when TEST_PG_URL is set:
   * for the tests of `npm start` as shipped.
   */
  embedded?: boolean
}

/** The settings every test server starts with, beside the file's own. */
function serverEnv(env: Record<string, string>): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    // The sign-in helpers step up once per operator session (office-support.ts); a file that signs
    // in once in beforeAll runs for longer than the 5 minutes a step-up holds in production.
    STEP_UP_MINUTES: '60',
    ...env,
  }
}

/** The worker's server host (test/e2e/server-host.ts), started by the first file that needs it. */
interface HostAnswer {
  url?: string
  stopped?: boolean
  error?: string
}
interface ServerHost {
  child: ChildProcess
  /** Its output since the current server started. */
  log: () => string
  /** Sends a command and waits for its answer (a host that does not answer in time is stopped). */
  ask: (command: { start: { env: Record<string, string> } } | { stop: true }) => Promise<HostAnswer>
}
let host: ServerHost | undefined

function serverHost(): ServerHost {
  if (host?.child.connected) return host
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/e2e/server-host.ts'], {
    cwd: ROOT,
    env: inheritedEnv(),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let log = ''
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  // Answers come in the order of the commands.
  const pending: Array<(answer: HostAnswer) => void> = []
  child.on('message', (answer: HostAnswer) => pending.shift()?.(answer))
  child.on('exit', (code, signal) => {
    for (const done of pending.splice(0)) done({ error: `the server host exited (${signal ?? code}):\n${log.slice(-4000)}` })
  })
  const started: ServerHost = {
    child,
    log: () => log,
    ask: (command) =>
      new Promise((resolve) => {
        const limit = startLimitSeconds()
        const timer = setTimeout(() => {
          child.kill('SIGKILL')
          resolve({ error: `the server host did not answer within ${limit} s:\n${log.slice(-4000)}` })
        }, limit * 1000)
        pending.push((answer) => {
          clearTimeout(timer)
          resolve(answer)
        })
        if ('start' in command) log = ''
        child.send(command)
      }),
  }
  host = started
  return started
}

/** Ends the worker's server host when the worker ends. */
function stopServerHost(): void {
  if (host?.child.connected) host.child.disconnect()
  host = undefined
}

/**
 * Starts `npm start`'s server for a test file; the H5 app and the console must already be built
 * (npm test builds them first). On PostgreSQL it runs in the worker's server host over a database
 * of the file's own; on PGlite (no TEST_PG_URL, or `embedded`) it is `npm start`'s program
 * itself (scripts/start.ts) over a copy of the run's template directory.
 */
export async function startApp(env: Record<string, string> = {}, { embedded = false }: StartOptions = {}): Promise<RunningApp> {
  // The hook or test that starts it gets the start's own limit on top of its time (twice when
  // the run's database template is made first).
  const info = base.info()
  info.setTimeout(info.timeout + 2 * startLimitSeconds() * 1000)
  const postgres = embedded ? undefined : testPostgresUrl()
  if (postgres) {
    const database = await cloneDatabase(postgres, 'e2e', await postgresTemplateFor(postgres, env))
    const server = serverHost()
    const answer = await server.ask({ start: { env: serverEnv({ ...env, DATABASE_URL: withDatabase(postgres, database) }) } })
    if (!answer.url) throw new Error(`the server did not start: ${answer.error}`)
    const app: RunningApp = {
      url: answer.url,
      output: server.log,
      stop: async () => {
        apps.delete(app)
        const stopped = await server.ask({ stop: true })
        await dropDatabase(postgres, database)
        if (!stopped.stopped) throw new Error(`the server did not stop: ${stopped.error}`)
      },
    }
    apps.add(app)
    return app
  }
  const template = await pgliteTemplateFor(env)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'am-e2e-'))
  const pgliteDir = path.join(dataDir, 'pglite')
  if (template) fs.cpSync(template, pgliteDir, { recursive: true })
  const port = await freePort()
  const { child, log } = spawnServer(port, { pgliteDir }, env)
  const url = `http://127.0.0.1:${port}`
  await waitHealthy(url, child, log)
  const app: RunningApp = {
    url,
    output: log,
    // The database is thrown away: no need for a graceful stop (the server's own tests check that).
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGKILL')
        await exited
      }
      apps.delete(app)
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
  apps.add(app)
  return app
}

/** The worker's Chromium: launched by the first file that asks, shared by the files after it. */
let sharedBrowser: Promise<Browser> | undefined

/**
 * Chromium, launched with playwright.config.ts's `use.launchOptions` (Debian's Chromium and its
 * flags) once per worker and shared by its files; call it in a `beforeAll` and close it in the
 * `afterAll`. The handle is the file's own: its `close` closes the contexts the file opened, not
 * the worker's browser. Playwright records the contexts for the failure's trace and screenshot
 * like its own fixtures'.
 */
export async function launchBrowser(): Promise<Browser> {
  sharedBrowser ??= chromium.launch(base.info().project.use.launchOptions).then((browser) => {
    browsers.add(browser)
    browser.on('disconnected', () => {
      browsers.delete(browser)
      sharedBrowser = undefined
    })
    return browser
  })
  const browser = await sharedBrowser
  const opened = new Set<BrowserContext>()
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') {
        return async (...args: Parameters<Browser['newContext']>) => {
          const context = await target.newContext(...args)
          opened.add(context)
          context.on('close', () => opened.delete(context))
          return context
        }
      }
      if (property === 'close') return async () => void (await Promise.all([...opened].map((c) => c.close().catch(() => undefined))))
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** Closes the worker's Chromium when the worker ends. */
async function closeSharedBrowser(): Promise<void> {
  const browser = await sharedBrowser?.catch(() => undefined)
  await browser?.close()
}

/** A phone's screen: 375×667 at twice the density, touch, Chinese. */
const PHONE_SCREEN = { viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' }

/** WeChat's browser on an iPhone (MicroMessenger): where H5 pays through wechat-jsapi. */
export const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN'

/** A phone-sized context (375×667) with Chromium's own user agent; `options` (a user agent, a time zone…) beside. */
export function phoneScreen(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE_SCREEN, ...options })
}

/** A phone-sized context (375×667) in an iPhone's Safari, as a partner sees the app; `options` may name another user agent. */
export function phoneContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return phoneScreen(browser, {
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    ...options,
  })
}

/** The back-office's answer: `code` 0 and its `data`, or another code and its `message`. */
export interface Envelope<T = unknown> {
  code: number
  message: string
  data: T
}

/** A GET of a back-office path from the page's context (its cookies), expected to succeed; its data. */
export async function pageApi<T>(page: Page, app: RunningApp, path: string): Promise<T> {
  const body = (await (await page.request.get(`${app.url}${path}`)).json()) as Envelope<T>
  expect(body.code, body.message).toBe(0)
  return body.data
}

/** What this test file has started, for the diagnosis of a failed test. */
const browsers = new Set<Browser>()
const apps = new Set<RunningApp>()

/**
 * After each failed test of any file that uses this harness: a screenshot of every page still
 * open (test-results/screenshots/FAILED-…, attached to the test), each page's address and the
 * start of its text, and the end of each running server's output (its last API requests and
 * warnings), attached to the test as `diagnosis`, printed in the log and appended to
 * test-results/browser-failures.log (which npm test prints before its summary): enough to read
 * a failure in CI.
 */
async function diagnose(testInfo: TestInfo): Promise<void> {
  const title = testInfo.titlePath.slice(1).join(' › ')
  const attempt = testInfo.retry ? ` (retry ${testInfo.retry})` : ''
  const lines = [`── diagnosis of the failed test "${title}"${attempt}`]
  const pages = [...browsers].flatMap((b) => b.contexts().flatMap((c) => c.pages())).filter((p) => !p.isClosed())
  for (const [i, page] of pages.entries()) {
    const name = `FAILED-${testInfo.title.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60)}${testInfo.retry ? `-retry${testInfo.retry}` : ''}-${i + 1}`
    const file = await screenshot(page, name).catch((e: Error) => `none (${e.message.split('\n')[0]})`)
    if (file.endsWith('.png')) await testInfo.attach(`page ${i + 1}`, { path: file, contentType: 'image/png' })
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '')
    lines.push(`page ${i + 1}: ${page.url()}`, `  screenshot: ${file}`, `  text: ${text.replace(/\s+/g, ' ').slice(0, 600)}`)
  }
  for (const app of apps) {
    // Its last API requests and anything it warned of, not the assets' lines.
    const tail = app
      .output()
      .split('\n')
      .filter((line) => line.includes('/api/') || /"level":[456]\d/.test(line) || !line.startsWith('{'))
      .slice(-25)
      .map((line) => line.slice(0, 300))
    lines.push(`server ${app.url}, its last API requests and warnings:`, ...tail)
  }
  const diagnosis = lines.join('\n')
  await testInfo.attach('diagnosis', { body: diagnosis, contentType: 'text/plain' })
  fs.mkdirSync(path.dirname(FAILURES_LOG), { recursive: true })
  fs.appendFileSync(FAILURES_LOG, `${path.relative(ROOT, testInfo.file)}\n${diagnosis}\n\n`)
  console.log(diagnosis)
}

/** Playwright's `test` with the diagnosis of a failed test; every browser test file uses it. */
export const test = base.extend<{ diagnosis: void }, { sharedChromium: void }>({
  sharedChromium: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await use()
      await closeSharedBrowser()
      stopServerHost()
    },
    { scope: 'worker', auto: true },
  ],
  diagnosis: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      await use()
      if (testInfo.status !== testInfo.expectedStatus) await diagnose(testInfo)
    },
    { auto: true },
  ],
})
export { expect }

/** Keeps a screenshot as a test artefact under test-results/screenshots. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTEFACTS, { recursive: true })
  const file = path.join(ARTEFACTS, `${name}.png`)
  await page.screenshot({ path: file, fullPage: false })
  return file
}

/** `expect(value, message).toBeTruthy()` that also tells TypeScript the value is there, as `assert.ok` did. */
export function expectPresent<T>(value: T, message?: string): asserts value is NonNullable<T> {
  expect(value, message).toBeTruthy()
}

/** `expect(value, message).not.toBeNull()` that also tells TypeScript the value is not null. */
export function expectNotNull<T>(value: T, message?: string): asserts value is Exclude<T, null> {
  expect(value, message).not.toBeNull()
}

/**
 * Waits for the CSS transitions and animations running in `locator`'s element and its children
 * to end (a dialog's fade-in, a sheet sliding up), the ones that repeat for ever (a spinner) aside.
 */
export async function transitionsEnded(locator: Locator): Promise<void> {
  await locator.evaluate(async (el) => {
    const running = el.getAnimations({ subtree: true }).filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    await Promise.all(running.map((a) => a.finished.catch(() => undefined)))
  })
}

/**
 * Chooses one row per column in the open picker (Taro's HTML Picker on H5) and confirms with 确定.
 * Each column is scrolled until the row sits in its middle, as a finger would leave it; the column
 * takes the row where its scroll stops (it marks it selected), and a later column may follow an
 * earlier one (the category picker's second column), so columns are chosen in order.
 */
export async function chooseInPicker(page: Page, labels: readonly string[]): Promise<void> {
  const picker = page.locator('.taro-picker__overlay').last()
  await picker.waitFor()
  await transitionsEnded(picker)
  for (const [c, label] of labels.entries()) {
    const column = picker.locator('.taro-picker__content').nth(c)
    const rows = column.locator('.taro-picker__item:not(.taro-picker__item--blank)')
    const row = rows.filter({ hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) }).first()
    await row.waitFor({ state: 'attached' })
    await expect
      .poll(
        async () => {
          if (await row.evaluate((el) => el.classList.contains('taro-picker__item--selected'))) return true
          // Scrolled again only once the column has stopped, so a re-centring is not fought.
          await column.evaluate((el, text) => {
            const items = Array.from(el.querySelectorAll('.taro-picker__item:not(.taro-picker__item--blank)'))
            const index = items.findIndex((item) => item.textContent?.trim() === text)
            const height = items[0]?.getBoundingClientRect().height ?? 34
            el.scrollTo({ top: index * height })
          }, label)
          return false
        },
        { message: `column ${c} of the picker stops on ${label}`, intervals: [600], timeout: 15_000 },
      )
      .toBe(true)
  }
  await picker.locator('.taro-picker__action', { hasText: '确定' }).click()
  await picker.waitFor({ state: 'detached' })
}
