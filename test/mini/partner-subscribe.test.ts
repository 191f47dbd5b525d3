/**
 * WeChat subscribe messages in the compiled weapp against the real back-office (its own process,
 * a fresh embedded database with the demo data, local template ids): adding a clue first asks
 * `wx.requestSubscribeMessage` for exactly the template ids the server configured (clue, then
 * commission), in the tap, before the clue is sent; the ids the partner accepted (and only those)
 * go to the server. Build first: `npx taro build --type weapp` (or set WEAPP_DIR).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import {
  hasWeappBuild,
  installMiniGlobals,
  loadApp,
  networkedHost,
  renderPage,
  simulate,
  textOf,
  until,
  type NetworkedHost,
  storeSignedIn,
} from './harness'

/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's component wrappers are untyped */
type Comp = any

const ROOT = path.resolve(__dirname, '../..')
const PARTNER = { phone: '13800000000', password: 'demo1234' }

let server: ChildProcess | undefined
let dataDir = ''
let backend = ''
let host: NetworkedHost
let page: Comp
let cookie = ''
/** What happened, in order: the subscribe requests WeChat was asked and the back-office calls. */
const events: string[] = []
const subscribeAsks: Array<Record<string, unknown>> = []

/** A plain node HTTP call (jest's jsdom environment has no fetch). */
function httpCall(
  method: string,
  url: string,
  form?: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; setCookie: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    const body = form ? new URLSearchParams(form).toString() : undefined
    const req = http.request(
      url,
      {
        method,
        headers: {
          ...headers,
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie'] ?? [], body: text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
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

async function startBackOffice(): Promise<void> {
  const port = await freePort()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'am-mini-subscribe-'))
  let log = ''
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'pglite'),
      H5_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (d) => (log += d))
  server.stderr?.on('data', (d) => (log += d))
  backend = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 150_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the back-office exited early:\n${log}`)
    try {
      if ((await httpCall('GET', `${backend}/api/health`)).status === 200) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the back-office did not answer within 150 s:\n${log}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

async function signedInDevice(storage: Map<string, unknown>): Promise<void> {
  const res = await httpCall('POST', `${backend}/api/ems/partner/client/signIn`, PARTNER)
  const body = JSON.parse(res.body) as { code: number; data: Record<string, unknown> }
  if (body.code !== 0) throw new Error('the demo partner could not sign in')
  const jar = Object.fromEntries(res.setCookie.map((c) => (c.split(';')[0] ?? '').split('=') as [string, string]))
  cookie = Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ')
  const u = body.data
  const user = {
    id: u.id,
    phone: u.phone ?? '',
    nickname: u.nickname ?? '',
    avatar: u.avatar ?? null,
    school: u.school ?? '',
    major: u.major ?? '',
    discipline: u.discipline ?? '',
  }
  storeSignedIn(storage, { jar, user, mini: false })
}

async function fire(selector: string, event: string, detail: Record<string, unknown> = {}) {
  const el = page.querySelector(selector)
  if (!el) throw new Error(`nothing matches ${selector}`)
  el.dispatchEvent(event, { detail })
  await simulate.sleep(30)
}

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('the weapp build is missing: run `npx taro build --type weapp` first')
  await startBackOffice()
  const networked = networkedHost(backend)
  host = networked.host
  await signedInDevice(host.storage)
  const request = networked.overrides.request as (o: { url: string; method?: string }) => unknown
  installMiniGlobals({
    ...networked.overrides,
    request(options: { url: string; method?: string }) {
      events.push(`${options.method ?? 'GET'} ${new URL(options.url).pathname}`)
      return request(options)
    },
    // The partner accepts news of the clue and declines commission news.
    requestSubscribeMessage(options: { tmplIds: string[]; success?: (r: unknown) => void; complete?: (r: unknown) => void }) {
      const { success, complete, ...args } = options as Record<string, any>
      subscribeAsks.push(args)
      events.push('wx.requestSubscribeMessage')
      const res = { errMsg: 'requestSubscribeMessage:ok', [options.tmplIds[0]!]: 'accept', [options.tmplIds[1]!]: 'reject' }
      setTimeout(() => {
        success?.(res)
        complete?.(res)
      }, 0)
    },
  })
  jest.spyOn(console, 'warn').mockImplementation(() => {})
  loadApp()
  page = await renderPage('pages/tabBar/clue')
  await until(() => textOf(page).includes('共 10 条'), 30_000)
}, 240_000)

afterAll(async () => {
  jest.restoreAllMocks()
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r))
    server.kill('SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
    if (server.exitCode === null) server.kill('SIGKILL')
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('subscribe messages in the weapp build', () => {
  it("adding a clue asks WeChat for exactly the server's clue and commission template ids, before sending the clue", async () => {
    await fire('.clue-page__add', 'tap')
    await until(() => !!page.querySelector('.clue-form__name .app-input__field'), 5000)
    // The form fetched the server's template ids when it opened.
    await until(() => events.includes('GET /api/ems/partner/message/subscribeTemplates'), 10_000)
    const served = JSON.parse(
      (await httpCall('GET', `${backend}/api/ems/partner/message/subscribeTemplates`, undefined, { cookie })).body,
    ) as {
      data: { templates: Array<{ template: string; templateId: string }> }
    }
    const idOf = (t: string) => served.data.templates.find((x) => x.template === t)!.templateId
    await fire('.clue-form__name .app-input__field', 'input', { value: '订阅测试' })
    await fire('.clue-form__phone .app-input__field', 'input', { value: '13966660001' })
    await fire('.clue-form__submit', 'tap')
    await until(() => events.includes('POST /api/ems/partner/clue'), 10_000)
    expect(subscribeAsks).toHaveLength(1)
    expect(subscribeAsks[0]!.tmplIds).toEqual([idOf('clue'), idOf('commission')])
    const order = events.filter((e) => /requestSubscribeMessage|message\/subscribe$|POST \/api\/ems\/partner\/clue$/.test(e))
    expect(order).toEqual(['wx.requestSubscribeMessage', 'POST /api/ems/partner/message/subscribe', 'POST /api/ems/partner/clue'])
  })

  it('only the accepted template reached the server: one clue message may be sent, no commission message', async () => {
    // Adding nothing (an unknown id) answers the partner's acceptances as the server counts them.
    const res = await httpCall('POST', `${backend}/api/ems/partner/message/subscribe`, { templateIds: 'not-configured' }, { cookie })
    const subs = (JSON.parse(res.body) as { data: { subscriptions: Array<{ template: string; remaining: number }> } }).data.subscriptions
    expect(subs).toEqual([{ template: 'clue', remaining: 1 }])
    await until(() => textOf(page).includes('订阅测试'), 10_000)
  })

  it("applying for a withdrawal asks for exactly the server's withdrawal and commission template ids, before the apply", async () => {
    page = await renderPage('pages/partner/withdrawal')
    await until(() => textOf(page).includes('¥300.00'), 20_000)
    const served = JSON.parse(
      (await httpCall('GET', `${backend}/api/ems/partner/message/subscribeTemplates`, undefined, { cookie })).body,
    ) as {
      data: { templates: Array<{ template: string; templateId: string }> }
    }
    const idOf = (t: string) => served.data.templates.find((x) => x.template === t)!.templateId
    events.length = 0
    await fire('.withdrawal-form__amount .app-input__field', 'input', { value: '20' })
    await fire('.withdrawal-form__submit', 'tap')
    await until(() => !!page.querySelector('.app-dialog__confirm'), 5000)
    await fire('.app-dialog__confirm', 'tap')
    await until(() => events.includes('POST /api/ems/partner/withdrawalRecord/apply'), 10_000)
    expect(subscribeAsks).toHaveLength(2)
    expect(subscribeAsks[1]!.tmplIds).toEqual([idOf('withdrawal'), idOf('commission')])
    const order = events.filter((e) => /requestSubscribeMessage|message\/subscribe$|withdrawalRecord\/apply$/.test(e))
    expect(order).toEqual([
      'wx.requestSubscribeMessage',
      'POST /api/ems/partner/message/subscribe',
      'POST /api/ems/partner/withdrawalRecord/apply',
    ])
  })
})
