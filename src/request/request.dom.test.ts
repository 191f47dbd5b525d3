import { dispatchSession } from '../session/events'
import { useStore } from '../store'
import { initialUi } from '../store/ui'
import { ERROR_CATALOGUE } from './testing/error-catalogue'
import { envelope, startTestServer, type TestServer } from './testing/server'
import { RequestError, request, setApiHost } from '.'

/**
 * The request wrapper in the H5 build: real Taro.request (fetch in jsdom, which enforces CORS
 * and keeps cookies like a browser) against a real local HTTP server.
 */
const USER = { id: 12, phone: '13800001234', nickname: '小李', avatar: null, school: '', major: '', discipline: '' }

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  setApiHost(server.url)
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  setApiHost(server.url)
  useStore.setState({ ...initialUi })
  dispatchSession({ type: 'signedIn', user: USER, via: 'password' })
})

function shownToast(): string | null {
  const { toast } = useStore.getState()
  return toast.status ? toast.title : null
}

describe('the error catalogue in the browser', () => {
  it.each(ERROR_CATALOGUE.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    server.on('POST /api/ems/partner/withdrawalRecord/apply', row.reply)
    const call = request('POST', '/api/ems/partner/withdrawalRecord/apply', { amount: 1000 })
    if (row.outcome.resolves) {
      const body = (row.reply.body as { data: unknown }).data
      await expect(call).resolves.toEqual({ code: 0, message: 'ok', data: body })
    } else {
      const err = await call.catch((e: unknown) => e)
      expect(err).toBeInstanceOf(RequestError)
      expect(err).toMatchObject({ kind: row.outcome.kind, message: row.outcome.message })
    }
    expect(shownToast()).toBe(row.toast)
    expect(useStore.getState().user).toEqual(row.clearsSession ? null : USER)
  })

  it('a network failure rejects without any toast', async () => {
    // jsdom reports the refused connection on its virtual console; that noise is not the app's.
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {})
    setApiHost('http://localhost:9')
    const err = await request('GET', '/api/ems/partner/partner/home').catch((e: unknown) => e)
    quiet.mockRestore()
    expect(err).toBeInstanceOf(RequestError)
    expect((err as RequestError).kind).toBe('network')
    expect(shownToast()).toBeNull()
    expect(useStore.getState().user).toEqual(USER)
  })
})

describe('the wire encoding', () => {
  const payload = { phone: '13800001234', type: '登录', ids: [3, 4], note: 'a&b=c d', skipped: undefined, empty: null }
  const encoded = 'phone=13800001234&type=%E7%99%BB%E5%BD%95&ids=3&ids=4&note=a%26b%3Dc%20d'

  it('GET sends the payload as the query string and no body', async () => {
    server.on('GET /api/x/list', { body: envelope([]) })
    await request('GET', '/api/x/list', payload)
    const got = server.last('GET /api/x/list')
    expect(got?.rawQuery).toBe(encoded)
    expect(got?.body).toBe('')
  })

  it('DELETE sends the payload as the query string and no body', async () => {
    server.on('DELETE /api/ums/user/user/signOut', { body: envelope(null) })
    await request('DELETE', '/api/ums/user/user/signOut', { unbind: '是' })
    const got = server.last('DELETE /api/ums/user/user/signOut')
    expect(got?.query).toEqual({ unbind: '是' })
    expect(got?.body).toBe('')
  })

  it.each(['POST', 'PUT'] as const)('%s sends the payload as a form body, nothing in the query', async (method) => {
    server.on(`${method} /api/x`, { body: envelope(null) })
    await request(method, '/api/x', payload)
    const got = server.last(`${method} /api/x`)
    expect(got?.headers['content-type']).toContain('application/x-www-form-urlencoded')
    expect(got?.rawQuery).toBe('')
    expect(got?.body).toBe(encoded)
    expect(got?.form).toEqual({ phone: '13800001234', type: '登录', ids: ['3', '4'], note: 'a&b=c d' })
  })
})

describe('the loading overlay', () => {
  const overlayDuring = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', options = {}) => {
    server.on(`${method} /api/slow`, { body: envelope(null), delayMs: 150 })
    const call = request(method, '/api/slow', {}, options)
    await new Promise((r) => setTimeout(r, 60))
    const during = useStore.getState().loading.status
    await call
    return { during, after: useStore.getState().loading.status }
  }

  it.each(['POST', 'PUT', 'DELETE'] as const)('shows while a %s call is in flight and hides after', async (method) => {
    expect(await overlayDuring(method)).toEqual({ during: true, after: false })
  })

  it('does not show for a GET', async () => {
    expect(await overlayDuring('GET')).toEqual({ during: false, after: false })
  })

  it('does not show for a non-GET call with lock', async () => {
    expect(await overlayDuring('POST', { lock: true })).toEqual({ during: false, after: false })
  })

  it('stays up until the last of several calls has answered, and hides after a failure too', async () => {
    server.on('POST /api/fast', { status: 409, body: envelope(null, 100000006, '重复提交') })
    server.on('POST /api/slow', { body: envelope(null), delayMs: 200 })
    const slow = request('POST', '/api/slow')
    await request('POST', '/api/fast').catch(() => undefined)
    expect(useStore.getState().loading.status).toBe(true)
    await slow
    expect(useStore.getState().loading.status).toBe(false)
  })
})

describe('the session cookie in the browser', () => {
  it('is kept by the browser from Set-Cookie and sent back with the next call', async () => {
    server.on('POST /api/ems/partner/client/signIn', {
      body: envelope(USER),
      headers: { 'set-cookie': 'sid=browser-session-1; Path=/; HttpOnly; SameSite=Lax' },
    })
    server.on('GET /api/ems/partner/partner/home', { body: envelope({}) })
    await request('POST', '/api/ems/partner/client/signIn', { phone: USER.phone, password: 'secret123' })
    await request('GET', '/api/ems/partner/partner/home')
    expect(server.last('GET /api/ems/partner/partner/home')?.headers.cookie).toContain('sid=browser-session-1')
  })
})
