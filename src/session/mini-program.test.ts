// The WeChat mini-program host must exist before anything loads Taro.
import { weappHost } from '../request/testing/weapp-host'
import { Current } from '@tarojs/runtime'
import { setApiHost } from '../request'
import { COOKIE_STORAGE_KEY } from '../request/cookie-jar'
import { envelope, startTestServer, type TestServer } from '../request/testing/server'
import { useStore } from '../store'
import { initialUi } from '../store/ui'
import { dispatchSession } from './events'
import { signInPartner } from './flows'
import { formInfoOf } from './form-info'
import { goAfterLogin, loginUrl, pageAddress, returnAddress, sendToLogin } from './guard'
import { launchSession } from './launch.weapp'
import { launchSettled, settleLaunch } from './launch-state'
import { autoLoginMini } from './mini-login'
import { startServerClock, stopServerClock } from './clock'

jest.mock('../request/cookie', () => jest.requireActual('../request/cookie.weapp'))
jest.mock('../platform/build', () => jest.requireActual('../platform/build.weapp'))
jest.mock('./login-redirect', () => jest.requireActual('./login-redirect.weapp'))
jest.mock('../wechat', () => jest.requireActual('../wechat/index.weapp'))

/**
 * Session flows in the WeChat mini-program build, against a real local back-office stand-in:
 * Taro's WeChat runtime over a wx host with real HTTP, local storage and wx.login.
 */
const SERVER_USER = {
  id: 88,
  phone: '13600008888',
  nickname: '合伙人甲',
  avatar: null,
  school: '浙江工商大学',
  major: '电子商务',
  discipline: '学历教育(本科)-电子商务(本科)',
}

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
  dispatchSession({ type: 'signedOut' })
  server.on('GET /api/ums/user/user/timestamp', { body: envelope(1_767_225_600_000) })
})

function toast(): string | null {
  const t = useStore.getState().toast
  return t.status ? t.title : null
}

describe('the automatic login at mini-program launch', () => {
  it('signs in with the wx.login code (type 小程序) when checkOpenId is not 是', async () => {
    weappHost.loginCodes.push('wx-code-001')
    server.on('GET /api/ums/user/user/checkOpenId', { body: envelope('否') })
    server.on('POST /api/ums/user/user/signIn', { body: envelope(SERVER_USER), headers: { 'set-cookie': 'sid=auto-1; Path=/; HttpOnly' } })
    await autoLoginMini()
    expect(server.last('GET /api/ums/user/user/checkOpenId')?.query).toEqual({ platform: 'weixin', type: '小程序' })
    expect(server.last('POST /api/ums/user/user/signIn')?.form).toEqual({ platform: 'weixin', signCode: 'wx-code-001', type: '小程序' })
    expect(useStore.getState().user).toEqual(SERVER_USER)
    expect(useStore.getState().loginOther).toEqual({ mini: true, h5Weixin: false })
    expect(weappHost.storage.get(COOKIE_STORAGE_KEY)).toBe(JSON.stringify({ sid: 'auto-1' }))
  })

  it('does not ask wx.login for a code when the open id is already bound (是)', async () => {
    dispatchSession({ type: 'signedIn', user: SERVER_USER, via: 'miniProgram' })
    server.on('GET /api/ums/user/user/checkOpenId', { body: envelope('是') })
    await autoLoginMini()
    expect(weappHost.loginCalls).toBe(0)
    expect(server.requests.map((r) => r.path)).toEqual(['/api/ums/user/user/checkOpenId'])
    expect(useStore.getState().user).toEqual(SERVER_USER)
  })

  it("loads the user from the server's session when bound but unknown on this device", async () => {
    server.on('GET /api/ums/user/user/checkOpenId', { body: envelope('是') })
    server.on('GET /api/ums/user/user/signInfo', { body: envelope(SERVER_USER) })
    await autoLoginMini()
    expect(weappHost.loginCalls).toBe(0)
    expect(useStore.getState().user).toEqual(SERVER_USER)
    expect(useStore.getState().loginOther.mini).toBe(true)
  })

  it('an open id bound to no one signs no one in, quietly', async () => {
    weappHost.loginCodes.push('wx-code-002')
    server.on('GET /api/ums/user/user/checkOpenId', { body: envelope('否') })
    server.on('POST /api/ums/user/user/signIn', { body: envelope({ id: null, nickname: '' }) })
    await expect(autoLoginMini()).resolves.toBeNull()
    expect(useStore.getState().user).toBeNull()
    expect(toast()).toBeNull()
  })

  it('launch starts the server clock, shows the share menu and logs in, and the guard waits for it', async () => {
    weappHost.loginCodes.push('wx-code-003')
    server.on('GET /api/ums/user/user/checkOpenId', { body: envelope('否'), delayMs: 80 })
    server.on('POST /api/ums/user/user/signIn', { body: envelope(SERVER_USER) })
    const settled = settleLaunch(launchSession())
    let settledYet = false
    void launchSettled().then(() => (settledYet = true))
    await new Promise((r) => setTimeout(r, 20))
    expect(settledYet).toBe(false)
    await settled
    stopServerClock()
    expect(useStore.getState().user).toEqual(SERVER_USER)
    expect(useStore.getState().serverNow).toBe(1_767_225_600_000)
    expect(weappHost.shareMenuCalls).toEqual([
      { withShareTicket: true, menus: ['shareAppMessage', 'shareTimeline'], showShareItems: ['wechatFriends', 'wechatMoment'] },
    ])
  })
})

describe('the login guard and its from round trip', () => {
  const stripTaroStamp = (url: string) => url.replace(/[?&]\$taroTimestamp=\d+/, '')

  it("sends a signed-out person to the login page carrying the page and its query as 'from', and back after login", async () => {
    Current.router = {
      path: '/pages/partner/deal',
      params: { type: '本月', name: '张 三&李四', $taroTimestamp: '1700000000000' },
    } as unknown as typeof Current.router
    sendToLogin()
    await new Promise((r) => setTimeout(r, 10))
    const toLogin = stripTaroStamp(weappHost.navigations[0]?.url ?? '')
    const original = '/pages/partner/deal?type=%E6%9C%AC%E6%9C%88&name=%E5%BC%A0%20%E4%B8%89%26%E6%9D%8E%E5%9B%9B'
    expect(toLogin).toBe(`/pages/user/login?from=${encodeURIComponent(original)}`)

    // The mini-program host hands the login page its query values undecoded.
    const from = toLogin.split('from=')[1]
    server.on('POST /api/ems/partner/client/signIn', { body: envelope(SERVER_USER) })
    await signInPartner({ phone: SERVER_USER.phone, password: 'abc12345' })
    await goAfterLogin(from)
    expect(weappHost.navigations.map((n) => [n.api, stripTaroStamp(n.url)])).toEqual([
      ['redirectTo', toLogin],
      ['redirectTo', original],
    ])
  })

  it('goes home after login when there is no from, or it is not one of our pages', async () => {
    await goAfterLogin(undefined)
    await goAfterLogin(encodeURIComponent('https://evil.example.com/x'))
    await goAfterLogin(encodeURIComponent('/pages/user/login?from=x'))
    expect(weappHost.navigations.map((n) => stripTaroStamp(n.url))).toEqual([
      '/pages/tabBar/home',
      '/pages/tabBar/home',
      '/pages/tabBar/home',
    ])
  })

  it('reads from whether the host decoded it (H5) or not (mini-programs)', () => {
    const address = pageAddress('pages/partner/withdrawal', { amount: 1000, note: '提现 1' })
    expect(address).toBe('/pages/partner/withdrawal?amount=1000&note=%E6%8F%90%E7%8E%B0%201')
    const raw = loginUrl(address).split('from=')[1]!
    expect(returnAddress(raw)).toBe(address)
    expect(returnAddress(decodeURIComponent(raw))).toBe(address)
  })
})

describe('partner sign-in', () => {
  it('counts only when the server returns a user with an id', async () => {
    server.on('POST /api/ems/partner/client/signIn', { body: envelope({ phone: SERVER_USER.phone }) })
    await expect(signInPartner({ phone: SERVER_USER.phone, code: '123456' })).rejects.toMatchObject({ message: '登录失败，请重试' })
    expect(toast()).toBe('登录失败，请重试')
    expect(useStore.getState().user).toBeNull()
    expect(server.last('POST /api/ems/partner/client/signIn')?.form).toEqual({ phone: SERVER_USER.phone, code: '123456' })
  })

  it('a wrong password shows the server refusal and signs no one in', async () => {
    server.on('POST /api/ems/partner/client/signIn', { status: 400, body: envelope(null, 100000001, '手机号或密码错误') })
    await expect(signInPartner({ phone: SERVER_USER.phone, password: 'wrong' })).rejects.toMatchObject({ kind: 'refused' })
    expect(toast()).toBe('手机号或密码错误')
    expect(useStore.getState().user).toBeNull()
  })
})

describe('the form-info prefill', () => {
  it("takes school, major and discipline from the user, then from this device's header info", () => {
    const header = { school: '杭州师范大学', major: '市场营销', discipline: '学历教育(大专)-市场营销(大专)' }
    expect(formInfoOf(SERVER_USER, header)).toEqual({
      school: '浙江工商大学',
      major: '电子商务',
      discipline: '学历教育(本科)-电子商务(本科)',
      showHeaderSelector: false,
    })
    expect(formInfoOf({ ...SERVER_USER, school: '', major: '', discipline: '' }, header)).toEqual({ ...header, showHeaderSelector: false })
  })

  it('asks for the header-info selector when no discipline is known', () => {
    expect(formInfoOf(null, null)).toEqual({ school: '', major: '', discipline: '', showHeaderSelector: true })
    expect(formInfoOf({ ...SERVER_USER, discipline: '' }, { school: 'a', major: 'b', discipline: '' }).showHeaderSelector).toBe(true)
  })
})

describe('the server clock', () => {
  afterEach(() => {
    stopServerClock()
    jest.useRealTimers()
  })

  it("starts from the server's timestamp and ticks every 1000 ms", async () => {
    jest.useFakeTimers({ doNotFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'nextTick', 'queueMicrotask'], now: 5_000 })
    await startServerClock()
    expect(useStore.getState().serverNow).toBe(1_767_225_600_000)
    jest.advanceTimersByTime(999)
    expect(useStore.getState().serverNow).toBe(1_767_225_600_000)
    jest.advanceTimersByTime(1)
    expect(useStore.getState().serverNow).toBe(1_767_225_601_000)
    jest.advanceTimersByTime(3000)
    expect(useStore.getState().serverNow).toBe(1_767_225_604_000)
  })
})
