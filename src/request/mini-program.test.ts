// The WeChat mini-program host must exist before anything loads Taro.
import { weappHost } from './testing/weapp-host'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { api } from '../api'
import { signOut } from '../session/flows'
import { dispatchSession } from '../session/events'
import { useStore } from '../store'
import { initialUi } from '../store/ui'
import { COOKIE_STORAGE_KEY } from './cookie-jar'
import { ERROR_CATALOGUE } from './testing/error-catalogue'
import { envelope, startTestServer, type TestServer } from './testing/server'
import { RequestError, request, setApiHost, upload } from '.'

// The weapp build of the modules that differ by platform, as Taro's resolver picks them.
jest.mock('./cookie', () => jest.requireActual('./cookie.weapp'))
jest.mock('../platform/build', () => jest.requireActual('../platform/build.weapp'))

/**
 * The request wrapper in the mini-program build: Taro's WeChat runtime over a wx host doing real
 * HTTP (no cookies of its own, like the real host) against a real local server.
 */
const USER = { id: 21, phone: '13900002121', nickname: '阿明', avatar: null, school: '', major: '', discipline: '' }

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  weappHost.reset()
  setApiHost(server.url)
  useStore.setState({ ...initialUi })
  dispatchSession({ type: 'signedIn', user: USER, via: 'miniProgram' })
})

function shownToast(): string | null {
  const { toast } = useStore.getState()
  return toast.status ? toast.title : null
}

function storedCookies(): Record<string, string> | null {
  const raw = weappHost.storage.get(COOKIE_STORAGE_KEY)
  return typeof raw === 'string' ? (JSON.parse(raw) as Record<string, string>) : null
}

describe('the error catalogue in the mini-program', () => {
  it.each(ERROR_CATALOGUE.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    server.on('PUT /api/ems/partner/client/savePersonal', row.reply)
    const call = request('PUT', '/api/ems/partner/client/savePersonal', { realName: '王五' })
    if (row.outcome.resolves) {
      await expect(call).resolves.toEqual({ code: 0, message: 'ok', data: (row.reply.body as { data: unknown }).data })
    } else {
      await expect(call).rejects.toMatchObject({ kind: row.outcome.kind, message: row.outcome.message })
    }
    expect(shownToast()).toBe(row.toast)
    expect(useStore.getState().user).toEqual(row.clearsSession ? null : USER)
  })

  it('a network failure rejects without any toast', async () => {
    setApiHost('http://127.0.0.1:9')
    const err = await request('GET', '/api/ems/partner/partner/home').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RequestError)
    expect((err as RequestError).kind).toBe('network')
    expect(shownToast()).toBeNull()
  })
})

describe('the wire encoding in the mini-program', () => {
  it('GET and DELETE carry the payload in the query, POST and PUT in a form body', async () => {
    for (const m of ['GET', 'DELETE', 'POST', 'PUT'] as const) server.on(`${m} /api/x`, { body: envelope(null) })
    for (const m of ['GET', 'DELETE', 'POST', 'PUT'] as const) await request(m, '/api/x', { type: '登录', n: 2 })
    const seen = server.requests.map((r) => [r.method, r.rawQuery, r.body, String(r.headers['content-type'])])
    expect(seen).toEqual([
      ['GET', 'type=%E7%99%BB%E5%BD%95&n=2', '', 'application/x-www-form-urlencoded'],
      ['DELETE', 'type=%E7%99%BB%E5%BD%95&n=2', '', 'application/x-www-form-urlencoded'],
      ['POST', '', 'type=%E7%99%BB%E5%BD%95&n=2', 'application/x-www-form-urlencoded'],
      ['PUT', '', 'type=%E7%99%BB%E5%BD%95&n=2', 'application/x-www-form-urlencoded'],
    ])
  })
})

describe('the session cookie in the mini-program', () => {
  it('is stored from Set-Cookie under activity_mobile_cookie and sent back as a Cookie header', async () => {
    server.on('POST /api/ums/user/user/signIn', {
      body: envelope(USER),
      headers: { 'set-cookie': ['sid=mini-abc; Path=/; HttpOnly; Max-Age=2592000', 'lang=zh; Path=/'] },
    })
    server.on('GET /api/ems/partner/partner/home', { body: envelope({}) })
    await request('POST', '/api/ums/user/user/signIn', { platform: 'weixin', signCode: 'c1', type: '小程序' })
    expect(COOKIE_STORAGE_KEY).toBe('activity_mobile_cookie')
    expect(storedCookies()).toEqual({ sid: 'mini-abc', lang: 'zh' })
    await request('GET', '/api/ems/partner/partner/home')
    expect(server.last('GET /api/ems/partner/partner/home')?.headers.cookie).toBe('sid=mini-abc; lang=zh')
  })

  it('keeps cookies whose Expires date has a comma, and drops one the server deletes', async () => {
    server.on('POST /api/a', {
      body: envelope(null),
      headers: { 'set-cookie': ['sid=one; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Path=/', 'tmp=x; Path=/'] },
    })
    server.on('POST /api/b', { body: envelope(null), headers: { 'set-cookie': 'tmp=; Max-Age=0; Path=/' } })
    server.on('GET /api/c', { body: envelope(null) })
    await request('POST', '/api/a')
    expect(storedCookies()).toEqual({ sid: 'one', tmp: 'x' })
    await request('POST', '/api/b')
    await request('GET', '/api/c')
    expect(server.last('GET /api/c')?.headers.cookie).toBe('sid=one')
  })

  it('is forgotten on sign-out, after the server is told with unbind 是', async () => {
    server.on('POST /api/ums/user/user/signIn', { body: envelope(USER), headers: { 'set-cookie': 'sid=mini-xyz; Path=/; HttpOnly' } })
    server.on('DELETE /api/ums/user/user/signOut', { body: envelope(null) })
    server.on('GET /api/ems/partner/partner/home', { status: 401, body: envelope(null, 100000004, '请先登录') })
    await request('POST', '/api/ums/user/user/signIn', { platform: 'weixin', signCode: 'c2', type: '小程序' })
    await signOut()
    const signOutCall = server.last('DELETE /api/ums/user/user/signOut')
    expect(signOutCall?.query).toEqual({ unbind: '是' })
    expect(signOutCall?.headers.cookie).toBe('sid=mini-xyz')
    expect(weappHost.storage.has(COOKIE_STORAGE_KEY)).toBe(false)
    expect(useStore.getState().user).toBeNull()
    await api.ems.partner.partner.home().catch(() => undefined)
    expect(server.last('GET /api/ems/partner/partner/home')?.headers.cookie).toBeUndefined()
  })
})

describe('a file upload in the mini-program', () => {
  let file: string
  beforeAll(() => {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'upload-')), 'teachers.xlsx')
    fs.writeFileSync(file, 'spreadsheet bytes')
  })

  it('sends the file as multipart with the stored cookie, under the loading overlay', async () => {
    weappHost.storage.set(COOKIE_STORAGE_KEY, JSON.stringify({ sid: 'up-1' }))
    server.on('POST /api/bms/cont/teacher/upload', { body: envelope({ imported: 3 }), delayMs: 120 })
    const call = api.bms.cont.teacher.upload({ filePath: file, formData: { batch: '1期' } })
    await new Promise((r) => setTimeout(r, 60))
    expect(useStore.getState().loading.status).toBe(true)
    await expect(call).resolves.toEqual({ code: 0, message: 'ok', data: { imported: 3 } })
    expect(useStore.getState().loading.status).toBe(false)
    const got = server.last('POST /api/bms/cont/teacher/upload')
    expect(got?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(got?.headers.cookie).toBe('sid=up-1')
    expect(got?.body).toContain('filename="teachers.xlsx"')
    expect(got?.body).toContain('spreadsheet bytes')
    expect(got?.body).toMatch(/name="batch"\r\n\r\n1期/)
  })

  it('answers a refused upload like any call: status and message as a toast', async () => {
    server.on('POST /api/bms/cont/subject/uploadByExcel', { status: 400, body: envelope(null, 100000001, '第3行：题目不能为空') })
    const err = await upload('/api/bms/cont/subject/uploadByExcel', { filePath: file }).catch((e: unknown) => e)
    expect(err).toMatchObject({ kind: 'refused', message: '第3行：题目不能为空' })
    expect(shownToast()).toBe('第3行：题目不能为空')
  })
})

describe('a file download in the mini-program', () => {
  it('asks for an export with the payload in the query and the stored cookie, and answers the file', async () => {
    weappHost.storage.set(COOKIE_STORAGE_KEY, JSON.stringify({ sid: 'dl-1' }))
    server.on('GET /api/ems/partner/clue/export', { body: 'name,phone\n赵六,137****1111\n', headers: { 'content-type': 'text/csv' } })
    const { tempFilePath } = await api.ems.partner.clue.export({ status: '已成交' })
    expect(fs.readFileSync(tempFilePath, 'utf8')).toBe('name,phone\n赵六,137****1111\n')
    const got = server.last('GET /api/ems/partner/clue/export')
    expect(got?.query).toEqual({ status: '已成交' })
    expect(got?.headers.cookie).toBe('sid=dl-1')
    expect(useStore.getState().loading.status).toBe(false)
  })

  it('shows the status of a refused download', async () => {
    server.on('GET /api/bms/cont/teacher/downloadMould', { status: 403, body: envelope(null, 100000003, '无权下载') })
    await expect(api.bms.cont.teacher.downloadMould()).rejects.toMatchObject({ kind: 'httpStatus', message: '403' })
    expect(shownToast()).toBe('403')
  })

  it('clears the session when a download answers 401', async () => {
    server.on('GET /api/ems/partner/clue/export', { status: 401, body: envelope(null, 100000004, '请先登录') })
    await expect(api.ems.partner.clue.export()).rejects.toMatchObject({ kind: 'sessionInvalid' })
    expect(useStore.getState().user).toBeNull()
    expect(shownToast()).toBeNull()
  })
})
