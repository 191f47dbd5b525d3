/**
 * @jest-environment-options {"url": "http://localhost/pages/staff/roster?classId=5", "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002f30) NetType/WIFI Language/zh_CN"}
 */
import TestUtils from '@tarojs/test-utils-react'
import { View } from '@tarojs/components'
import { until } from '../components/testing'
import { IS_WECHAT_H5 } from '../platform'
import { envelope } from '../request/testing/server'
import { stopServerClock } from '../session/clock'
import { launchSession } from '../session/launch'
import { launchSettled, settleLaunch } from '../session/launch-state'
import { STAFF_OAUTH_STATE, authorizeUrlFor, oauthTried, wechatAuthorizeUrl } from '../session/wechat-oauth'
import { useStore } from '../store'
import { openAt } from '../testing/student-pages'
import { HEAD_TEACHER, staffPageHarness } from '../testing/staff-pages'
import { ensureStaff, signInStaff, signOutStaff, useRequireStaff } from './session'

jest.mock('weixin-js-sdk', () => jest.requireActual('../wechat/testing-fake-sdk').fakeWechatSdkModule)
jest.mock('@tarojs/taro', () => jest.requireActual('../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh']))

/**
 * 教职工 in WeChat's browser: a staff page with no operator session goes once through the
 * official account's silent OAuth (its own state, apart from the person's) back to itself; at
 * launch that code is exchanged with signInByOpenId in the staff session, never with the person's
 * signIn. A real local server answers; WeChat's side is where the page was sent.
 */
const EXPIRED = { status: 401, body: envelope(null, 100000004, '请先登录') }
const SIGN_INFO = 'GET /api/bms/system/admin/signInfo'
const BY_OPEN_ID = 'POST /api/bms/system/admin/signInByOpenId'
const STUDENT_SIGN_IN = 'POST /api/ums/user/user/signIn'
const ROSTER = '/pages/staff/roster?classId=5'
const TO_STAFF_LOGIN = `/pages/staff/login?from=${encodeURIComponent(ROSTER)}`
const TO_WECHAT = `/pages/main/wxCode?redirect_uri=${encodeURIComponent(`http://localhost${ROSTER}`)}&state=staff_oauth`

function Guarded() {
  const { staff } = useRequireStaff()
  return <View className='who'>{staff ? staff.name : '...'}</View>
}

describe('教职工 in WeChat H5', () => {
  const h = staffPageHarness(null)
  const real = window.location
  let went: string[] = []
  beforeEach(() => {
    went = []
    // jsdom cannot leave the page: record where it was sent instead.
    const leaving = new Proxy({} as Location, {
      get: (_, key) => {
        if (key === 'replace') return (url: string) => went.push(url)
        const value: unknown = Reflect.get(real, key)
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(real) : value
      },
    })
    Object.defineProperty(window, 'location', { configurable: true, value: leaving })
    jest.spyOn(console, 'info').mockImplementation(() => {})
    h.server.on('GET /api/ums/user/user/timestamp', { body: envelope(1_767_225_600_000) })
    h.server.on('GET /api/ums/user/user/signature', {
      body: envelope({ appId: 'wx-test-app-id', timestamp: '1767225600', nonceStr: 'n0nce', signature: 'sig-1' }),
    })
  })
  afterEach(() => Object.defineProperty(window, 'location', { configurable: true, value: real }))
  afterAll(() => stopServerClock())

  /** Comes back from WeChat to `address` and runs the launch, as the app's onLaunch does. */
  function launchAt(address: string): Promise<void> {
    window.history.replaceState(null, '', address)
    return settleLaunch(launchSession())
  }

  it('a staff page with no operator session goes to WeChat once with the staff state; back unbound, on to 教职工登录, whose sign-in binds it', async () => {
    expect(IS_WECHAT_H5).toBe(true)
    h.server.on(SIGN_INFO, EXPIRED)
    openAt('/pages/staff/roster', { classId: '5' })
    const first = new TestUtils()
    await first.mount(Guarded)
    await until(() => went.length > 0, 'sent to WeChat')
    expect(went).toEqual([TO_WECHAT])
    expect(h.navigations).toEqual([])
    expect(h.server.last(BY_OPEN_ID)).toBeUndefined()
    // The person's own round trip is still to come.
    expect(oauthTried()).toBe(false)
    first.unmout()

    // Back with a code whose open id no operator bound: the server keeps it; the page goes on to the form.
    h.server.on(BY_OPEN_ID, { body: envelope({ bound: '否' }) })
    useStore.setState({ staff: null, staffKnown: false })
    await launchAt(`${ROSTER}&code=STAFF-CODE-1&state=staff_oauth`)
    expect(window.location.href).toBe(`http://localhost${ROSTER}`)
    expect(h.server.last(BY_OPEN_ID)?.form).toEqual({ platform: 'weixin', type: '公众号', signCode: 'STAFF-CODE-1' })
    expect(h.server.last(STUDENT_SIGN_IN)).toBeUndefined()
    const again = new TestUtils()
    await again.mount(Guarded)
    await until(() => h.navigations.length > 0, 'sent to login')
    expect(h.navigations).toEqual([TO_STAFF_LOGIN])
    expect(went).toEqual([TO_WECHAT])
    again.unmout()

    // The password sign-in in the same session is what binds it: no bind call from here.
    h.server.on('POST /api/bms/system/admin/signIn', { body: envelope(HEAD_TEACHER) })
    await signInStaff({ account: 'headteacher', password: 'demo1234' })
    expect(h.server.last('POST /api/bms/system/admin/bindOpenId')).toBeUndefined()
    expect(useStore.getState().staff).toEqual(HEAD_TEACHER)
  })

  it('off the development host the staff round trip goes to WeChat’s authorize page with the staff state', () => {
    expect(authorizeUrlFor('https://m.example.com/pages/staff/roster', 'm.example.com', 'wx123', STAFF_OAUTH_STATE)).toBe(
      wechatAuthorizeUrl('wx123', 'https://m.example.com/pages/staff/roster', 'staff_oauth'),
    )
    expect(wechatAuthorizeUrl('wx123', 'https://m.example.com/', STAFF_OAUTH_STATE)).toContain('&state=staff_oauth#wechat_redirect')
  })

  it('at launch a bound staff code signs the operator in, before the page asks the server who is signed in', async () => {
    h.server.on(BY_OPEN_ID, { body: envelope({ bound: '是', ...HEAD_TEACHER }) })
    void launchAt(`${ROSTER}&code=STAFF-CODE-2&state=staff_oauth`)
    // Asked while the launch still runs: it waits for the exchange.
    expect(await ensureStaff()).toEqual(HEAD_TEACHER)
    expect(h.server.last(BY_OPEN_ID)?.form).toEqual({ platform: 'weixin', type: '公众号', signCode: 'STAFF-CODE-2' })
    expect(h.server.last(SIGN_INFO)).toBeUndefined()
    expect(h.server.last(STUDENT_SIGN_IN)).toBeUndefined()
    expect(window.location.href).toBe(`http://localhost${ROSTER}`)
    expect(useStore.getState()).toMatchObject({ staff: HEAD_TEACHER, staffKnown: true })
  })

  it('退出登录 unbinds the 公众号 open id, then ends the operator session', async () => {
    h.server.on('POST /api/bms/system/admin/signIn', { body: envelope(HEAD_TEACHER) })
    h.server.on('POST /api/bms/system/admin/unbindOpenId', { body: envelope({ bound: '否' }) })
    h.server.on('DELETE /api/bms/system/admin/signOut', { body: envelope(null) })
    await signInStaff({ account: 'headteacher', password: 'demo1234' })
    await signOutStaff()
    expect(h.server.last('POST /api/bms/system/admin/unbindOpenId')?.form).toEqual({ platform: 'weixin', type: '公众号' })
    expect(h.server.last('DELETE /api/bms/system/admin/signOut')).toBeDefined()
    expect(useStore.getState()).toMatchObject({ staff: null, staffKnown: true })
  })

  it("a code with the person's state still signs the person in with signIn, and no operator", async () => {
    h.server.on(STUDENT_SIGN_IN, { body: envelope({ bound: '否' }) })
    await launchAt('/pages/tabBar/home?code=PERSON-CODE&state=wechat_oauth')
    await launchSettled()
    expect(h.server.last(STUDENT_SIGN_IN)?.form).toEqual({ platform: 'weixin', signCode: 'PERSON-CODE', type: '公众号' })
    expect(h.server.last(BY_OPEN_ID)).toBeUndefined()
    expect(window.location.href).toBe('http://localhost/pages/tabBar/home')
    expect(useStore.getState()).toMatchObject({ staff: null, staffKnown: false })
  })
})
