import { envelope, startTestServer, type TestServer } from '../../src/request/testing/server'
import { hasWeappBuild, installMiniGlobals, loadApp, networkedHost, until, type NetworkedHost } from './harness'

/**
 * The compiled WeChat mini-program's first launch on a device: no cookie, no user. The app asks
 * checkOpenId, gets a code from wx.login, signs in with it (type 小程序), keeps the session
 * cookie and the user in local storage, and shows the share menu. A real local server stands in
 * for the back-office; wx.login is the host's (the fake far side).
 */
const USER = { id: 301, phone: '13100003010', nickname: '小程序用户', avatar: null, school: '', major: '', discipline: '' }

let server: TestServer
let host: NetworkedHost

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('dist/weapp is missing: run `npx taro build --type weapp --mode test` first')
  server = await startTestServer('127.0.0.1')
  server.on('GET /api/ums/user/user/timestamp', { body: envelope(1_767_225_600_000) })
  server.on('GET /api/ums/user/user/checkOpenId', { body: envelope('否') })
  server.on('POST /api/ums/user/user/signIn', {
    body: envelope(USER),
    headers: { 'set-cookie': 'sid=weapp-first-launch; Path=/; HttpOnly; Max-Age=2592000' },
  })
  const networked = networkedHost(server.url)
  host = networked.host
  host.loginCodes.push('code-from-wx-login')
  installMiniGlobals(networked.overrides)
  loadApp()
  await until(() => host.storage.has('activity_mobile_cookie') && Boolean(server.last('GET /api/ums/user/user/timestamp')))
})
afterAll(() => server.close())

describe('the first launch of the mini-program', () => {
  it('checks the open id for the WeChat mini-program', () => {
    expect(server.last('GET /api/ums/user/user/checkOpenId')?.query).toEqual({ platform: 'weixin', type: '小程序' })
  })

  it('signs in automatically with the wx.login code because the open id is not bound', () => {
    expect(host.loginCalls).toBe(1)
    expect(server.last('POST /api/ums/user/user/signIn')?.form).toEqual({
      platform: 'weixin',
      signCode: 'code-from-wx-login',
      type: '小程序',
    })
  })

  it("calls the build's API host with form-encoded calls and a 60 s time-out", () => {
    const origins = new Set(host.requests.map((r) => new URL(r.url).origin))
    expect(origins.size).toBe(1)
    expect(host.requests.every((r) => new URL(r.url).pathname.startsWith('/api/'))).toBe(true)
    const signIn = host.requests.find((r) => r.url.endsWith('/api/ums/user/user/signIn'))
    expect(signIn?.header?.['content-type']).toBe('application/x-www-form-urlencoded')
    expect(host.requests.map((r) => r.timeout)).toEqual(host.requests.map(() => 60_000))
  })

  it('keeps the session cookie and the signed-in user in local storage', async () => {
    expect(host.storage.get('activity_mobile_cookie')).toBe(JSON.stringify({ sid: 'weapp-first-launch' }))
    await until(() => host.storage.has('activity_mobile_userInfo'))
    const saved = JSON.parse(host.storage.get('activity_mobile_userInfo') as string)
    expect(saved.state.user).toEqual(USER)
    expect(saved.state.loginOther).toEqual({ mini: true, h5Weixin: false })
  })

  it('sent no cookie before it had one', () => {
    expect(server.last('GET /api/ums/user/user/checkOpenId')?.headers.cookie).toBeUndefined()
  })

  it('shows the share menu with app message and timeline', () => {
    expect(host.shareMenuCalls).toEqual([
      { withShareTicket: true, menus: ['shareAppMessage', 'shareTimeline'], showShareItems: ['wechatFriends', 'wechatMoment'] },
    ])
  })
})
