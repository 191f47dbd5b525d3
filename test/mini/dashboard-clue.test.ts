/**
 * 招生线索 in the compiled WeChat mini-program against the real back-office: the server started
 * in its own process over a fresh embedded database with the demo data, the simulator's wx.request
 * made real HTTP by networkedHost. The device already holds the demo partner's session (cookie and
 * user in local storage, as after a login). Build first:
 * `TARO_OUTPUT_ROOT=/tmp/weapp-dash npx taro build --type weapp --mode test`, then run with
 * `WEAPP_DIR=/tmp/weapp-dash`.
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
const CLUE_LIST = '/api/ems/partner/clue/list'

let server: ChildProcess | undefined
let dataDir = ''
let backend = ''
let host: NetworkedHost
let page: Comp

/** A plain node HTTP call (jest's jsdom environment has no fetch). */
function httpCall(
  method: string,
  url: string,
  form?: Record<string, string>,
): Promise<{ status: number; setCookie: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    const body = form ? new URLSearchParams(form).toString() : undefined
    const req = http.request(
      url,
      { method, headers: body ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } : {} },
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

/** The back-office as `npm run server` starts it: its own process, demo data on a fresh database. */
async function startBackOffice(): Promise<void> {
  const port = await freePort()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'am-mini-dash-'))
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
  const deadline = Date.now() + 60_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the back-office exited early:\n${log}`)
    try {
      if ((await httpCall('GET', `${backend}/api/health`)).status === 200) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the back-office did not answer within 60 s:\n${log}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** What a login on this device left behind: the session cookie and the user, in local storage. */
async function signedInDevice(storage: Map<string, unknown>): Promise<void> {
  const res = await httpCall('POST', `${backend}/api/ems/partner/client/signIn`, PARTNER)
  const body = JSON.parse(res.body) as { code: number; data: Record<string, unknown> }
  if (body.code !== 0) throw new Error('the demo partner could not sign in')
  const jar = Object.fromEntries(res.setCookie.map((c) => (c.split(';')[0] ?? '').split('=') as [string, string]))
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

const listCalls = () => host.requests.filter((r) => new URL(r.url).pathname === CLUE_LIST)
const texts = (selector: string): string[] => (page.querySelectorAll(selector) as Comp[]).map((c) => (c.dom?.textContent ?? '').trim())

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('the weapp build is missing: run `npx taro build --type weapp --mode test` first')
  await startBackOffice()
  const networked = networkedHost(backend)
  host = networked.host
  await signedInDevice(host.storage)
  installMiniGlobals(networked.overrides)
  // This host hands out no wx.login code, so the launch-time open-id login logs that it did not
  // run; the stored session is what signs the partner in here.
  jest.spyOn(console, 'warn').mockImplementation(() => {})
  loadApp()
  page = await renderPage('pages/tabBar/clue')
  await until(() => textOf(page).includes('共 10 条'), 20_000)
}, 90_000)

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

describe('招生线索 in the weapp build', () => {
  it("renders the demo partner's clues with masked phones, their statuses and the end of the list", () => {
    const phones = texts('.clue-item__phone')
    expect(phones).toHaveLength(10)
    for (const phone of phones) expect(phone).toMatch(/^137\*{4}\d{4}$/)
    expect(new Set(texts('.clue-item__status'))).toEqual(new Set(['待跟进', '跟进中', '已成交', '无效']))
    expect(texts('.clue-item__name')[0]).toBe('吴刚')
    const text = textOf(page)
    for (const words of ['招生线索', '登记新线索', '全部', '待跟进', '跟进中', '已成交', '无效', '没有更多了'])
      expect(text).toContain(words)
  })

  it('asked the back-office for the first page with the stored session cookie', () => {
    const [first] = listCalls()
    expect(first).toBeDefined()
    const url = new URL(first!.url)
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', size: '10' })
    expect(first!.header?.cookie ?? first!.header?.Cookie).toMatch(/sid=/)
  })

  it('lists only the deals after a tap on 已成交', async () => {
    const tab = (page.querySelectorAll('.filter-bar__tab') as Comp[]).find((c) => (c.dom?.textContent ?? '').trim() === '已成交')
    expect(tab).toBeDefined()
    tab.dispatchEvent('tap')
    await until(() => textOf(page).includes('共 4 条'), 10_000)
    await simulate.sleep(50)
    expect(new Set(texts('.clue-item__status'))).toEqual(new Set(['已成交']))
    expect(new URL(listCalls().at(-1)!.url).searchParams.get('status')).toBe('已成交')
  })
})
