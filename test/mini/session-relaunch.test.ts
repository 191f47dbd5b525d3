import { envelope, startTestServer, type TestServer } from '../../src/request/testing/server'
import { hasWeappBuild, installMiniGlobals, loadApp, networkedHost, until, type NetworkedHost } from './harness'

/**
 * The compiled WeChat mini-program launched again on a device where an earlier launch signed in:
 * local storage holds the session cookie and the user. The stored cookie goes back with every
 * call, the bound open id (是) means no new wx.login, and the person stays signed in.
 */
const USER = { id: 302, phone: '13100003020', nickname: '回访用户', avatar: null, school: '浙江大学', major: '会计', discipline: '' }

let server: TestServer
let host: NetworkedHost

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('dist/weapp is missing: run `npx taro build --type weapp --mode test` first')
  server = await startTestServer('127.0.0.1')
  server.on('GET /api/ums/user/user/timestamp', { body: envelope(1_767_225_600_000) })
  server.on('GET /api/ums/user/user/checkOpenId', (req) => ({ body: envelope(req.headers.cookie === 'sid=weapp-earlier' ? '是' : '否') }))
  const networked = networkedHost(server.url)
  host = networked.host
  // What the earlier launch left on the device.
  host.storage.set('activity_mobile_cookie', JSON.stringify({ sid: 'weapp-earlier' }))
  host.storage.set(
    'activity_mobile_userInfo',
    JSON.stringify({
      version: 1,
      state: { user: USER, loginOther: { mini: true, h5Weixin: false }, headerInfo: null, router: null },
    }),
  )
  installMiniGlobals(networked.overrides)
  loadApp()
  await until(() => Boolean(server.last('GET /api/ums/user/user/checkOpenId')) && Boolean(server.last('GET /api/ums/user/user/timestamp')))
  await new Promise((r) => setTimeout(r, 100))
})
afterAll(() => server.close())

describe('a later launch of the mini-program', () => {
  it('sends the stored session cookie back as a Cookie header on every call', () => {
    expect(server.requests.map((r) => [r.path, r.headers.cookie])).toEqual(
      expect.arrayContaining([
        ['/api/ums/user/user/checkOpenId', 'sid=weapp-earlier'],
        ['/api/ums/user/user/timestamp', 'sid=weapp-earlier'],
      ]),
    )
    expect(server.requests.every((r) => r.headers.cookie === 'sid=weapp-earlier')).toBe(true)
  })

  it('does not log in again when the open id is bound', () => {
    expect(host.loginCalls).toBe(0)
    expect(server.requests.some((r) => r.path.endsWith('/signIn'))).toBe(false)
  })

  it('keeps the person signed in', () => {
    const saved = JSON.parse(host.storage.get('activity_mobile_userInfo') as string)
    expect(saved.state.user).toEqual(USER)
  })
})
