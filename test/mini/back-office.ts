/**
 * The real back-office for mini-program tests that talk to it: `npm run server`'s program in its
 * own process over a fresh database with the demo data (on TEST_PG_URL's PostgreSQL a database of
 * the file's own cloned from one made once per run, server/test/postgres-databases.ts; otherwise a new
 * embedded one), plain node HTTP calls to it (jest's jsdom environment has no fetch), and the
 * demo partner signed in on a device.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { cloneDatabase, dropDatabase, templateDatabase, testPostgresUrl, withDatabase } from '../../server/test/postgres-databases'
import { hasWeappBuild, storeSignedIn } from './harness'

const ROOT = path.resolve(__dirname, '../..')
export const DEMO_PARTNER = { phone: '13800000000', password: 'demo1234' }

export function httpCall(
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

/** A JSON call, as the console makes them (an operator's session cookie in `headers`). */
export function jsonCall(
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; setCookie: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body)
    const req = http.request(
      url,
      { method, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } },
      (res) => {
        let answer = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => (answer += d))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie'] ?? [], body: answer }))
      },
    )
    req.on('error', reject)
    req.end(text)
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

export interface BackOffice {
  url: string
  stop: () => Promise<void>
}

/** Starts the back-office and waits (up to `seconds`) for its health call. */
export async function startBackOffice({ seconds = 150 }: { seconds?: number } = {}): Promise<BackOffice> {
  const postgres = testPostgresUrl()
  if (!postgres) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'am-mini-'))
    const office = await spawnBackOffice({ DATA_DIR: path.join(dataDir, 'pglite') }, seconds)
    return { url: office.url, stop: async () => (await office.stop(), fs.rmSync(dataDir, { recursive: true, force: true })) }
  }
  const template = await templateDatabase(postgres, 'mini', {}, async (databaseUrl) => {
    await (await spawnBackOffice({ DATABASE_URL: databaseUrl }, seconds)).stop()
  })
  const database = await cloneDatabase(postgres, 'mini', template)
  const office = await spawnBackOffice({ DATABASE_URL: withDatabase(postgres, database) }, seconds)
  return { url: office.url, stop: async () => (await office.stop(), await dropDatabase(postgres, database)) }
}

/** `npm run server`'s program with `env` (its database), once it answers its health call. */
async function spawnBackOffice(env: Record<string, string>, seconds: number): Promise<BackOffice> {
  const port = await freePort()
  let log = ''
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      // No H5 app to serve: a directory that holds none.
      H5_DIR: path.join(os.tmpdir(), 'activity-mobile-no-h5'),
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (d) => (log += d))
  server.stderr?.on('data', (d) => (log += d))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r))
      server.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
      if (server.exitCode === null) server.kill('SIGKILL')
    }
  }
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the back-office exited early:\n${log}`)
    try {
      if ((await httpCall('GET', `${url}/api/health`)).status === 200) return { url, stop }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the back-office did not answer within ${seconds} s:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** What a login on this device leaves behind (the session cookie and the user, in local storage); returns the cookie header. */
export async function signedInDevice(backend: string, storage: Map<string, unknown>): Promise<string> {
  const res = await httpCall('POST', `${backend}/api/ems/partner/client/signIn`, DEMO_PARTNER)
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
  return Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ')
}

/** The demo student (demo data): 林小雨, who signs in with an SMS code. */
export const DEMO_STUDENT_PHONE = '13900000000'

function cookieOf(setCookie: string[]): string {
  return setCookie.map((c) => c.split(';')[0]).join('; ')
}

/** Signs a demo operator in to the console's API (the demo data's accounts); returns the cookie header. */
export async function signInOperator(backend: string, account: string, password = 'demo1234'): Promise<string> {
  const res = await jsonCall('POST', `${backend}/api/bms/system/admin/signIn`, { account, password })
  if (JSON.parse(res.body).code !== 0) throw new Error(`operator ${account}: ${res.body}`)
  return cookieOf(res.setCookie)
}

/** Signs a student in as the student login does (a 登录 code texted, read from the development outbox); returns the cookie header. */
export async function signInStudentBySms(backend: string, phone: string = DEMO_STUDENT_PHONE): Promise<string> {
  const sent = await httpCall('POST', `${backend}/api/ums/user/user/sendVerify`, { phone, type: '登录' })
  if (JSON.parse(sent.body).code !== 0) throw new Error(`sendVerify: ${sent.body}`)
  const outbox = JSON.parse((await httpCall('GET', `${backend}/api/dev/smsOutbox?phone=${phone}`)).body) as {
    data: Array<{ code: string | null }>
  }
  const code = outbox.data.find((m) => m.code)?.code
  if (!code) throw new Error('no SMS code in the outbox')
  const signedIn = await httpCall('POST', `${backend}/api/ums/user/user/signInByCode`, { phone, code })
  if (JSON.parse(signedIn.body).code !== 0) throw new Error(`signInByCode: ${signedIn.body}`)
  return cookieOf(signedIn.setCookie)
}

/**
 * Binds the open id behind `signCode` (the local login gateway takes `fake:<open id>`) to the
 * signed-in person, as the weapp's signIn does; returns the cookie header of the session it answers
 * with (a sign-in starts a new one).
 */
export async function bindOpenId(backend: string, cookie: string, signCode: string): Promise<string> {
  const bound = await httpCall('POST', `${backend}/api/ums/user/user/signIn`, { platform: 'weixin', signCode, type: '小程序' }, { cookie })
  if (JSON.parse(bound.body).data?.bound !== '是') throw new Error(`open id not bound: ${bound.body}`)
  return bound.setCookie.length ? cookieOf(bound.setCookie) : cookie
}

/** A call of a signed-in session (its cookie header) expected to succeed (code 0): its data. */
export async function sessionCall<T>(
  backend: string,
  cookie: string,
  method: string,
  pathAndQuery: string,
  form?: Record<string, string>,
): Promise<T> {
  const res = await httpCall(method, `${backend}${pathAndQuery}`, form, { cookie })
  const body = JSON.parse(res.body) as { code: number; data: T }
  if (body.code !== 0) throw new Error(`${method} ${pathAndQuery}: ${res.body}`)
  return body.data
}

/**
 * For a weapp test that talks to the real back-office as the demo student: the weapp build there,
 * the back-office started, the student signed in by SMS and bound to the open id behind `signCode`;
 * its address and the session's cookie header.
 */
export async function studentOnBackOffice(signCode: string): Promise<{ office: BackOffice; backend: string; cookie: string }> {
  if (!hasWeappBuild()) throw new Error('the weapp build is missing: run `npx taro build --type weapp --mode test` first')
  const office = await startBackOffice()
  const cookie = await bindOpenId(office.url, await signInStudentBySms(office.url), signCode)
  return { office, backend: office.url, cookie }
}
